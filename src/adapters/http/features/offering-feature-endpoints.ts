import { AttachOfferingFeatures } from '../../../application/use-cases/catalogue/attach-offering-features.js';
import {
  GetOfferingFeature,
  ListOfferingFeatures,
} from '../../../application/use-cases/catalogue/list-offering-features.js';
import { CreateOfferingFeature } from '../../../application/use-cases/catalogue/make-offering-feature.js';
import { DeleteOfferingFeature } from '../../../application/use-cases/catalogue/remove-offering-feature.js';
import { UpdateOfferingFeature } from '../../../application/use-cases/catalogue/update-offering-feature.js';
import {
  GetFeatureOfSubscription,
  ListFeaturesOfSubscription,
} from '../../../application/use-cases/subscriptions/list-features-of-subscription.js';
import { OFFERINGS_2025_EPCC } from '../catalogue/offering-2025-schemas.js';
import { TAG as OFFERINGS_TAG } from '../catalogue/subscription-offering-schemas.js';
import { concept, type Endpoint, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, created, inData, noContent, withData } from '../endpoints/handlers.js';
import { idParam, queryOf, shopperOf } from '../http-state.js';
import type { Parameter } from '../openapi/openapi-types.js';
import {
  DELETED,
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  PAGE_REFUSED,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import { arrayOf, closedObject } from '../openapi/schema-builders.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { SUBSCRIPTIONS_2025_EPCC } from '../subscriptions/subscription-2025-schemas.js';
import { TAG as SUBSCRIPTIONS_TAG } from '../subscriptions/subscription-schemas.js';
import { offeringFeatureResource } from './offering-feature-documents.js';
import {
  attachOfferingFeaturesRequest,
  createOfferingFeatureRequest,
  OFFERING_FEATURE_SCHEMAS,
  offeringFeature,
  offeringFeatureDocument,
  updateOfferingFeatureRequest,
} from './offering-feature-schemas.js';

interface OfferingFeatureUseCases {
  readonly list: UseCase<ListOfferingFeatures>;
  readonly create: UseCase<CreateOfferingFeature>;
  readonly attach: UseCase<AttachOfferingFeatures>;
  readonly get: UseCase<GetOfferingFeature>;
  readonly update: UseCase<UpdateOfferingFeature>;
  readonly remove: UseCase<DeleteOfferingFeature>;
  readonly listOfSubscription: UseCase<ListFeaturesOfSubscription>;
  readonly getOfSubscription: UseCase<GetFeatureOfSubscription>;
}

const FEATURE_PARAMETER: Parameter = {
  name: 'featureId',
  in: 'path',
  required: true,
  description:
    'The id of the feature inside the offering (the key plans configure it by). An id that is not a UUID, or that it does not hold, is answered 404.',
  schema: { type: 'string', format: 'uuid' },
};
const featureParam = (ctx: { readonly params: Readonly<Record<string, string | undefined>> }): string =>
  ctx.params['featureId'] ?? '';
const OFFERING_MISSING = 'No offering of this store has this id.';
const FEATURE_MISSING = 'No offering of this store has this id, or the offering has no feature with it.';
const INVALID =
  'Every invalid field, each with its `source` (`data.attributes.configuration.tag`, ...), as a store feature is checked.';
const CONFIGURED_BY_REFERENCE = 'Plans configure it under its id here (`feature_configurations`).';
const featuresPath = withAndWithoutV2('/subscriptions/offerings/{id}/features');
const featurePath = withAndWithoutV2('/subscriptions/offerings/{id}/features/{featureId}');
const featureList = jsonContent(listResponseSchema(offeringFeature));

const IN_OFFERINGS: Endpoint<OfferingFeatureUseCases>[] = [
  {
    method: 'get',
    ...featuresPath,
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'ListOfferingFeatures',
      summary: "List an offering's features",
      description: `${OFFERINGS_2025_EPCC} In the order they were added; readable with an implicit token.`,
      tag: OFFERINGS_TAG,
      access: 'catalogue',
      parameters: PAGING_PARAMETERS,
      success: { '200': { description: "A page of the offering's features.", content: featureList } },
      errors: { 400: PAGE_REFUSED, 404: OFFERING_MISSING },
    },
    handle: ({ list }, { links }) =>
      answer(
        (storeId, ctx) => list.execute(storeId, idParam(ctx), queryOf(ctx)),
        (page, ctx) => listDocument(ctx, links, page, offeringFeatureResource),
      ),
  },
  {
    method: 'post',
    ...featuresPath,
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'CreateOfferingFeature',
      summary: 'Create a feature inside an offering',
      description: `${OFFERINGS_2025_EPCC} A new version of the offering; the feature has no original among the store's features. ${CONFIGURED_BY_REFERENCE}`,
      tag: OFFERINGS_TAG,
      access: 'edit-catalogue',
      post: true,
      requestBody: { description: 'The feature.', content: createOfferingFeatureRequest },
      success: { '201': { description: 'The feature.', content: offeringFeatureDocument } },
      errors: {
        400: INVALID,
        404: OFFERING_MISSING,
        409: 'Another feature of the offering has this `external_ref` (a build names features by it).',
        codes: { 409: ['external_ref_taken'] },
      },
    },
    handle: ({ create }) =>
      created(
        withData((data, storeId, ctx) => create.execute(storeId, idParam(ctx), data)),
        inData(offeringFeatureResource),
      ),
  },
  {
    method: 'post',
    ...withAndWithoutV2('/subscriptions/offerings/{id}/features/attach'),
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'AttachOfferingFeature',
      summary: 'Attach store features to an offering',
      description: `${OFFERINGS_2025_EPCC} Copies the store's features named by id (or else by external_ref) into the offering, in a new version; a feature it holds a copy of already is not copied again, and later edits of the original do not reach the copy. ${CONFIGURED_BY_REFERENCE}`,
      tag: OFFERINGS_TAG,
      access: 'edit-catalogue',
      post: true,
      requestBody: { description: 'The features to attach.', content: attachOfferingFeaturesRequest },
      success: {
        '200': {
          description: 'Every feature the offering holds now.',
          content: jsonContent(closedObject({ data: arrayOf(offeringFeature) })),
        },
      },
      errors: {
        400: 'No `features` list of 1 to 100 ids or external_refs.',
        404: "The offering, or a feature named, is not the store's (`detail` names each one).",
        409: 'A copy would have the `external_ref` of another feature of the offering.',
        codes: { 409: ['external_ref_taken'] },
      },
    },
    handle: ({ attach }) =>
      answer(
        withData((data, storeId, ctx) => attach.execute(storeId, idParam(ctx), data)),
        (features) => ({ data: features.map(offeringFeatureResource) }),
      ),
  },
  {
    method: 'get',
    ...featurePath,
    generation: '2025',
    pathParameters: [ID_PARAMETER, FEATURE_PARAMETER],
    spec: {
      operationId: 'GetOfferingFeature',
      summary: 'Get a feature of an offering',
      description: `${OFFERINGS_2025_EPCC} Readable with an implicit token.`,
      tag: OFFERINGS_TAG,
      access: 'catalogue',
      success: { '200': { description: 'The feature, as the offering holds it.', content: offeringFeatureDocument } },
      errors: { 404: FEATURE_MISSING },
    },
    handle: ({ get }) =>
      answer((storeId, ctx) => get.execute(storeId, idParam(ctx), featureParam(ctx)), inData(offeringFeatureResource)),
  },
  {
    method: 'put',
    ...featurePath,
    generation: '2025',
    pathParameters: [ID_PARAMETER, FEATURE_PARAMETER],
    spec: {
      operationId: 'UpdateOfferingFeature',
      summary: 'Update a feature of an offering',
      description: `${OFFERINGS_2025_EPCC} A partial update of the offering's copy (\`null\` clears an optional field), in a new version of the offering; the store's feature it was copied from and existing subscriptions are left as they are.`,
      tag: OFFERINGS_TAG,
      access: 'edit-catalogue',
      requestBody: { description: 'The attributes to change.', content: updateOfferingFeatureRequest },
      success: { '200': { description: 'The feature as it is now.', content: offeringFeatureDocument } },
      errors: {
        400: INVALID,
        404: FEATURE_MISSING,
        409: "Another feature of the offering has this `external_ref` (`external_ref_taken`), or a plan's configuration of the feature would no longer fit it: another type, or a promotion tag it stops offering (`in_use`, naming the plans).",
        codes: { 409: ['external_ref_taken', 'in_use'] },
      },
    },
    handle: ({ update }) =>
      answer(
        withData((data, storeId, ctx) => update.execute(storeId, idParam(ctx), featureParam(ctx), data)),
        inData(offeringFeatureResource),
      ),
  },
  {
    method: 'delete',
    ...featurePath,
    generation: '2025',
    pathParameters: [ID_PARAMETER, FEATURE_PARAMETER],
    spec: {
      operationId: 'DeleteOfferingFeature',
      summary: 'Remove a feature from an offering',
      description: `${OFFERINGS_2025_EPCC} A new version of the offering, in which its plans no longer configure the feature; existing subscriptions keep theirs, and the store's feature stays.`,
      tag: OFFERINGS_TAG,
      access: 'edit-catalogue',
      success: DELETED,
      errors: { 404: FEATURE_MISSING },
    },
    handle: ({ remove }) => noContent((storeId, ctx) => remove.execute(storeId, idParam(ctx), featureParam(ctx))),
  },
];

const SUBSCRIPTION_MISSING = 'No subscription of this store has this id.';

const IN_SUBSCRIPTIONS: Endpoint<OfferingFeatureUseCases>[] = [
  {
    method: 'get',
    ...withAndWithoutV2('/subscriptions/subscriptions/{id}/features'),
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'ListSubscriptionFeatures',
      summary: "List a subscription's features",
      description: `${SUBSCRIPTIONS_2025_EPCC} The features of the offering as the subscription was sold (its snapshot), whatever the offering holds now.`,
      tag: SUBSCRIPTIONS_TAG,
      access: 'read',
      shopper: 'read',
      parameters: PAGING_PARAMETERS,
      success: { '200': { description: "A page of the subscription's features.", content: featureList } },
      errors: { 400: PAGE_REFUSED, 404: SUBSCRIPTION_MISSING },
    },
    handle: ({ listOfSubscription }, { links }) =>
      answer(
        (storeId, ctx) => listOfSubscription.execute(storeId, idParam(ctx), queryOf(ctx), shopperOf(ctx)),
        (page, ctx) => listDocument(ctx, links, page, offeringFeatureResource),
      ),
  },
  {
    method: 'get',
    ...withAndWithoutV2('/subscriptions/subscriptions/{id}/features/{featureId}'),
    generation: '2025',
    pathParameters: [ID_PARAMETER, FEATURE_PARAMETER],
    spec: {
      operationId: 'GetSubscriptionFeature',
      summary: "Get one of a subscription's features",
      description: `${SUBSCRIPTIONS_2025_EPCC} A feature of the subscription's snapshot of its offering.`,
      tag: SUBSCRIPTIONS_TAG,
      access: 'read',
      shopper: 'read',
      success: { '200': { description: 'The feature.', content: offeringFeatureDocument } },
      errors: { 404: 'No subscription of this store has this id, or its offering snapshot has no feature with it.' },
    },
    handle: ({ getOfSubscription }) =>
      answer(
        (storeId, ctx) => getOfSubscription.execute(storeId, idParam(ctx), featureParam(ctx), shopperOf(ctx)),
        inData(offeringFeatureResource),
      ),
  },
];

/**
 * The features inside offerings and inside subscriptions' offering snapshots (EPCC 2025): copies of the store's
 * features, or made in the offering, each the key its plans configure it by. Only the 2025 generation has them.
 */
export const OFFERING_FEATURE_ENDPOINTS = concept<OfferingFeatureUseCases>({
  useCases: ({ use }) => ({
    list: use(ListOfferingFeatures),
    create: use(CreateOfferingFeature),
    attach: use(AttachOfferingFeatures),
    get: use(GetOfferingFeature),
    update: use(UpdateOfferingFeature),
    remove: use(DeleteOfferingFeature),
    listOfSubscription: use(ListFeaturesOfSubscription),
    getOfSubscription: use(GetFeatureOfSubscription),
  }),
  schemas: OFFERING_FEATURE_SCHEMAS,
  endpoints: [...IN_OFFERINGS, ...IN_SUBSCRIPTIONS],
});
