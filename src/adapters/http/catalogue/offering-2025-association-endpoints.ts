import * as E from 'fp-ts/lib/Either.js';
import { AssociateOfferingPlans } from '../../../application/use-cases/catalogue/associate-offering-plans.js';
import { GetOffering } from '../../../application/use-cases/catalogue/get-offering.js';
import { plansOfProduct } from '../../../domain/catalogue/eligibility.js';
import type { Offering, OfferingPlan } from '../../../domain/catalogue/offering.js';
import { OFFERING_PLAN_NOT_FOUND } from '../../../domain/catalogue/offering-copy-input.js';
import { PRICING_OPTION_TYPE } from '../../../domain/catalogue/offering-input-2025.js';
import { notFound } from '../../../domain/shared/errors.js';
import { concept, type Endpoint, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, withBody } from '../endpoints/handlers.js';
import { idParam } from '../http-state.js';
import type { Parameter } from '../openapi/openapi-types.js';
import { ID_PARAMETER, jsonContent } from '../openapi/operation-builder.js';
import { arrayOf, closedObject, constant, dataRequest, openObject, uuid } from '../openapi/schema-builders.js';
import { requestDataList } from '../request-body.js';
import type { UseCase } from '../routes/route-context.js';
import { OFFERINGS_2025_EPCC } from './offering-2025-schemas.js';
import { INVALID, TAG } from './subscription-offering-schemas.js';

interface AssociationUseCases {
  readonly get: UseCase<GetOffering>;
  readonly associate: UseCase<AssociateOfferingPlans>;
}

const PLAN_PARAMETER: Parameter = {
  name: 'copyId',
  in: 'path',
  required: true,
  description:
    "The id of the offering's plan. An id that is not a UUID, or that the offering does not hold, is answered 404.",
  schema: { type: 'string', format: 'uuid' },
};
const PARAMETERS = [ID_PARAMETER, PLAN_PARAMETER];
const MISSING = 'No offering of this store has this id, or the offering has no plan with it.';
const path = withAndWithoutV2('/subscriptions/offerings/{id}/plans/{copyId}/relationships/pricing_options');

const identifiers = closedObject({ data: arrayOf(closedObject({ id: uuid, type: constant(PRICING_OPTION_TYPE) })) });
const answered = jsonContent(identifiers);
const request = jsonContent(
  dataRequest(arrayOf(openObject({ type: constant(PRICING_OPTION_TYPE), id: uuid }, ['type', 'id']), { minItems: 1 })),
);

const asIdentifiers = (plans: readonly OfferingPlan[]) => ({
  data: plans.map((p) => ({ id: p.id, type: PRICING_OPTION_TYPE })),
});

const productParam = (ctx: { readonly params: Readonly<Record<string, string | undefined>> }): string =>
  ctx.params['copyId'] ?? '';

const change = (
  operationId: 'AddOfferingPlanPricingOptions' | 'RemoveOfferingPlanPricingOptions',
): Endpoint<AssociationUseCases> => {
  const adds = operationId === 'AddOfferingPlanPricingOptions';
  return {
    method: adds ? 'post' : 'delete',
    ...path,
    generation: '2025',
    pathParameters: PARAMETERS,
    spec: {
      operationId,
      summary: adds ? 'Associate pricing options with a plan' : 'Dissociate pricing options from a plan',
      description: `${OFFERINGS_2025_EPCC} ${adds ? 'Adds the pricing options given to those the plan may be bought with (one it has already stays once)' : 'Removes the pricing options given from those the plan may be bought with (one it does not have is left as it is)'}, in a new version of the offering; existing subscriptions keep theirs. Answers the pricing options the plan may be bought with now.`,
      tag: TAG,
      access: 'edit-catalogue',
      ...(adds ? { post: true } : {}),
      requestBody: { description: 'The pricing options, as resource identifiers.', content: request },
      success: { '200': { description: 'The pricing options the plan may be bought with now.', content: answered } },
      errors: { 400: INVALID, 404: MISSING },
    },
    handle: ({ associate }) =>
      answer(
        withBody(requestDataList, (data, storeId, ctx) =>
          associate.execute(storeId, idParam(ctx), productParam(ctx), data, adds ? 'add' : 'remove'),
        ),
        asIdentifiers,
      ),
  };
};

/**
 * EPCC 2025's plan ↔ pricing option associations (`…/plans/{id}/relationships/pricing_options`): the offering's
 * eligibility, which decides what may be subscribed to and what is priced (`domain/catalogue/eligibility.ts`).
 */
export const OFFERING_ASSOCIATION_2025_ENDPOINTS = concept<AssociationUseCases>({
  useCases: ({ use }) => ({ get: use(GetOffering), associate: use(AssociateOfferingPlans) }),
  endpoints: [
    {
      method: 'get',
      ...path,
      generation: '2025',
      pathParameters: PARAMETERS,
      spec: {
        operationId: 'ListOfferingPlanPricingOptions',
        summary: 'The pricing options a plan may be bought with',
        description: `${OFFERINGS_2025_EPCC} Readable with an implicit token.`,
        tag: TAG,
        access: 'catalogue',
        success: { '200': { description: 'The pricing options, as resource identifiers.', content: answered } },
        errors: { 404: MISSING },
      },
      handle: ({ get }) =>
        answer(
          async (storeId, ctx) =>
            E.flatMap(({ offering }: { readonly offering: Offering }) => {
              const product = offering.products.find((p) => p.id === productParam(ctx));
              return product === undefined
                ? E.left(notFound(OFFERING_PLAN_NOT_FOUND))
                : E.right(plansOfProduct(offering, product.id));
            })(await get.execute(storeId, idParam(ctx))),
          asIdentifiers,
        ),
    },
    change('AddOfferingPlanPricingOptions'),
    change('RemoveOfferingPlanPricingOptions'),
  ],
});
