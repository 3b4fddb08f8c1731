import { SUBSCRIBER_TYPE } from '../../../domain/subscriptions/subscriber.js';
import { catalogueText } from '../catalogue/subscription-catalogue-schemas.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  DELETED,
  FILTERED_PAGE_REFUSED,
  jsonContent,
  listResponseSchema,
  type OperationSpec,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  openObject,
  parameterRef,
  requestFields,
  schemaRef,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';
import type { RecordOperations } from '../routes/record-endpoints.js';
import { SUBSCRIPTIONS_2025_EPCC } from './subscription-2025-schemas.js';
import { SUBSCRIPTIONS_EPCC } from './subscription-path.js';
import { email } from './subscription-schemas.js';

const TAG = 'Subscribers';

const stamps = { created_at: timestamp, updated_at: timestamp };

const subscriber: Schema = closedObject(
  {
    id: uuid,
    type: constant(SUBSCRIBER_TYPE),
    attributes: closedObject({ account_id: uuid, name: catalogueText.name, email, ...stamps }),
    meta: closedObject({
      owner: constant('store', 'Every record belongs to the store.'),
      timestamps: closedObject(stamps),
    }),
  },
  [],
  'The account, name and email a subscription bills.',
);

export const SUBSCRIBER_SCHEMAS = { Subscriber: subscriber };

const typed = (attributes: Schema): Schema =>
  dataRequest(openObject({ type: constant(SUBSCRIBER_TYPE), attributes }, ['type', 'attributes']));
const newSubscriber = typed(
  openObject(requestFields({ account_id: uuid, name: catalogueText.name, email }, []), ['account_id', 'name', 'email']),
);
const subscriberChanges = typed(
  openObject(
    requestFields({ name: catalogueText.name, email }, []),
    [],
    'The attributes to change; `account_id` is not among them and is ignored, as other unknown members are.',
  ),
);

const INVALID = 'Every invalid field, each with its `source` (`data.type`, `data.attributes.email`, ...).';
const NOT_FOUND = 'No subscriber of this store has this id.';
const PERSONAL = 'Subscribers are personal data: an implicit token gets 403.';

export const SUBSCRIBER_OPERATIONS: RecordOperations = {
  collection: '/subscriptions/subscribers',
  create: {
    operationId: 'createSubscriber',
    summary: 'Create a subscriber',
    description: SUBSCRIPTIONS_EPCC,
    tag: TAG,
    access: 'write',
    post: true,
    requestBody: { description: 'The new subscriber.', content: jsonContent(newSubscriber) },
    success: {
      '201': { description: 'The subscriber.', content: jsonContent(dataDocument(schemaRef('Subscriber'))) },
    },
    errors: { 400: INVALID },
  },
  list: {
    operationId: 'listSubscribers',
    summary: 'List subscribers',
    description: `${SUBSCRIPTIONS_EPCC} Newest first (\`created_at\`, then \`id\`, descending), stable across pages. EPCC's filter table also names \`external_ref\`, which its subscribers do not have: it is refused as an unknown field. ${PERSONAL}`,
    tag: TAG,
    access: 'read',
    parameters: [...PAGING_PARAMETERS, parameterRef('SubscriberFilter')],
    success: {
      '200': {
        description: 'A page of subscribers.',
        content: jsonContent(listResponseSchema(schemaRef('Subscriber'))),
      },
    },
    errors: { 400: FILTERED_PAGE_REFUSED },
  },
  get: {
    operationId: 'getSubscriber',
    summary: 'Get a subscriber',
    description: `${SUBSCRIPTIONS_EPCC} ${PERSONAL}`,
    tag: TAG,
    access: 'read',
    success: {
      '200': { description: 'The subscriber.', content: jsonContent(dataDocument(schemaRef('Subscriber'))) },
    },
    errors: { 404: NOT_FOUND },
  },
  update: {
    operationId: 'updateSubscriber',
    summary: 'Update a subscriber',
    description: `${SUBSCRIPTIONS_EPCC} A partial update of \`name\` and \`email\`: attributes left out keep their values; neither may be null.`,
    tag: TAG,
    access: 'write',
    requestBody: { description: 'The attributes to change.', content: jsonContent(subscriberChanges) },
    success: {
      '200': {
        description: 'The subscriber as it is now.',
        content: jsonContent(dataDocument(schemaRef('Subscriber'))),
      },
    },
    errors: { 400: INVALID, 404: NOT_FOUND },
  },
  remove: {
    operationId: 'deleteSubscriber',
    summary: 'Delete a subscriber',
    description: `${SUBSCRIPTIONS_EPCC} Nothing refers to a subscriber (a subscription carries its own account, name and email), so a subscriber can always be deleted.`,
    tag: TAG,
    access: 'write',
    success: DELETED,
    errors: { 404: NOT_FOUND },
  },
};

const SUBSCRIBER_2025: Schema = { $ref: '#/components/schemas/Subscriber2025' };
const in2025 = (spec: OperationSpec, operationId: string, status: '200' | '201', list = false): OperationSpec => ({
  ...spec,
  operationId,
  description: `${SUBSCRIPTIONS_2025_EPCC} \`meta.feature_entitlements\`: the tags the features configured on the plans of the account's subscriptions grant now, while each entitles (gone live, not past its end, not paused, not suspended by dunning), sorted, each once.`,
  success: {
    [status]: {
      description: list ? 'A page of subscribers.' : 'The subscriber.',
      content: jsonContent({
        type: 'object',
        properties: { data: list ? { type: 'array', items: SUBSCRIBER_2025 } : SUBSCRIBER_2025 },
      }),
    },
  },
});

/** The same operations on EPCC's 2025 wire, under EPCC's 2026-10 operationIds. */
export const SUBSCRIBER_2025_OPERATIONS: RecordOperations = {
  ...SUBSCRIBER_OPERATIONS,
  create: in2025(SUBSCRIBER_OPERATIONS.create, 'CreateSubscriber', '201'),
  list: in2025(SUBSCRIBER_OPERATIONS.list, 'ListSubscribers', '200', true),
  get: in2025(SUBSCRIBER_OPERATIONS.get, 'GetSubscriber', '200'),
  update: in2025(SUBSCRIBER_OPERATIONS.update, 'UpdateSubscriber', '200'),
};
