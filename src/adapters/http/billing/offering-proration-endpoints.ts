import * as E from 'fp-ts/lib/Either.js';
import { SetOfferingProrationPolicy } from '../../../application/use-cases/billing/set-offering-proration-policy.js';
import { PRORATION_POLICY_TYPE } from '../../../domain/billing/proration/proration-policy.js';
import { concept, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { idParam, principalOf, respondWithError } from '../http-state.js';
import type { Schema } from '../openapi/openapi-types.js';
import { ID_PARAMETER, jsonContent } from '../openapi/operation-builder.js';
import { closedObject, constant, dataDocument, dataRequest, openObject, uuid } from '../openapi/schema-builders.js';
import { requestDataOrNull } from '../request-body.js';
import type { UseCase } from '../routes/route-context.js';
import { SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';

const reference: Schema = closedObject({ type: constant(PRORATION_POLICY_TYPE), id: uuid });
const request: Schema = dataRequest({
  oneOf: [openObject({ type: constant(PRORATION_POLICY_TYPE), id: uuid }, ['type', 'id']), { type: 'null' }],
});

/** An offering's proration policy. EPCC's answer: the relationship that now holds (200), or no body when it was removed (204). */
export const OFFERING_PRORATION_ENDPOINTS = concept<UseCase<SetOfferingProrationPolicy>>({
  useCases: ({ use }) => use(SetOfferingProrationPolicy),
  endpoints: [
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/relationships/proration-policies'),
      // 2025 names an offering's policy in the offering's own relationships.
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'manageOfferingProrationPolicy',
        summary: 'Attach a proration policy to an offering, or remove it',
        description: `${SUBSCRIPTIONS_EPCC} The offering uses the given policy from now on, for all its subscriptions; \`"data": null\` removes it. A policy an offering uses cannot be deleted (409 \`in_use\`).`,
        tag: 'Subscription offerings',
        access: 'write',
        requestBody: { description: 'The policy, or `null` for none.', content: jsonContent(request) },
        success: {
          '200': { description: 'The policy the offering uses now.', content: jsonContent(dataDocument(reference)) },
          '204': { description: 'The offering uses no policy now; no body.' },
        },
        errors: {
          400: 'A `data` that is neither `null` nor `{"type": "subscription_proration_policy", "id": <UUID>}`.',
          404: 'No offering of this store has this id, or no proration policy of this store has the given id.',
        },
      },
      handle: (setPolicy) => async (ctx) => {
        const data = requestDataOrNull(ctx);
        const used = E.isLeft(data)
          ? data
          : await setPolicy.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
        if (E.isLeft(used)) return respondWithError(ctx, used.left);
        if (used.right === undefined) {
          ctx.status = 204;
          return;
        }
        ctx.body = { data: { type: PRORATION_POLICY_TYPE, id: used.right } };
      },
    },
  ],
});
