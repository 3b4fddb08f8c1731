import { PAYMENT_AUTHORITY_TYPE, STATE_ACTIONS, STATE_TYPE, SUBSCRIPTION_TYPE } from '../../../domain/subscription/subscription.js';
import { OFFERING_PLAN_TYPE, OFFERING_TYPE } from '../../../domain/subscription/offering.js';
import { SUBSCRIPTION_INCLUDES } from '../../../domain/subscription/subscription-query.js';
import type { Parameter, PathItem, Schema } from './openapi-types.js';
import { ID_PARAMETER, jsonContent, listResponseSchema, operation, PAGING_PARAMETERS } from './operation-builder.js';
import { arrayOf, boolean, closedObject, constant, dataDocument, dataRequest, oneOfStrings, openObject, parameterRef, requestFields, schemaRef, text, timestamp, uuid } from './schema-builders.js';
import { filterParameter } from './shared-components.js';
import { catalogueText, currency } from './subscription-catalogue-schemas.js';
import { subscriptionPath, SUBSCRIPTIONS_EPCC } from './subscription-path.js';

const TAG = 'Subscriptions';
export const email: Schema = { type: 'string', minLength: 3, maxLength: 1024, pattern: '^[^\\s@]+@[^\\s@]+$' };
const authorityId = text(3, 1024);

export const SUBSCRIPTION_FILTER = filterParameter(['account_id', 'name', 'email', 'external_ref']);
export const SUBSCRIPTION_INCLUDE: Parameter = {
  name: 'include',
  in: 'query',
  description: `Related resources to embed, comma-separated: ${SUBSCRIPTION_INCLUDES.map((i) => `\`${i}\``).join(', ')}. \`included.plans\` / \`included.products\` hold each related offering plan or product once, and are present (maybe empty) exactly when asked for. An unknown name: 400 listing the allowed ones.`,
  schema: { type: 'string' },
};

const paymentAuthority = closedObject({ type: constant(PAYMENT_AUTHORITY_TYPE), customer_id: authorityId, card_id: authorityId }, ['customer_id', 'card_id']);
const flag = (description: string): Schema => ({ type: 'boolean', description });
const status = oneOfStrings(['active', 'inactive'], '`inactive` once the subscription is closed.');

const state: Schema = closedObject(
  {
    id: uuid,
    type: constant(STATE_TYPE),
    attributes: closedObject({ action: oneOfStrings(STATE_ACTIONS) }),
    meta: closedObject({
      created_at: timestamp,
      canceled: boolean,
      paused: boolean,
      closed: boolean,
      suspended: boolean,
      invoice_after: timestamp,
    }),
  },
  [],
  'One action applied to a subscription, with the flags it left behind.',
);

const subscription: Schema = closedObject(
  {
    id: uuid,
    type: constant(SUBSCRIPTION_TYPE),
    attributes: closedObject(
      {
        external_ref: catalogueText.external_ref,
        account_id: uuid,
        offering: { ...schemaRef('SubscriptionOffering'), description: 'The offering as it was when the subscription was made.' },
        plan_id: { ...uuid, description: "The offering's plan copy subscribed to." },
        currency,
        payment_authority: paymentAuthority,
        status,
        state: { ...schemaRef('SubscriptionState'), description: 'The latest state change, if there was one.' },
        name: catalogueText.name,
        email,
      },
      ['external_ref', 'state'],
    ),
    relationships: closedObject({
      offering: closedObject({ data: closedObject({ id: uuid, type: constant(OFFERING_TYPE) }) }),
      plans: closedObject({ data: arrayOf(closedObject({ id: uuid, type: constant(OFFERING_PLAN_TYPE) }), { minItems: 1, maxItems: 1 }) }),
    }),
    meta: closedObject(
      {
        owner: constant('store'),
        status,
        canceled: flag('Set by a cancel; the subscription closes at `timestamps.end_date`.'),
        paused: flag('Set by a pause, cleared by a resume.'),
        closed: flag('Canceled and past its end date, or a plan with `end_behavior: close` that ran its length.'),
        pending: boolean,
        suspended: boolean,
        invoice_after: { ...timestamp, description: 'When the first invoice may be raised: the end of the trial.' },
        manual_payments: boolean,
        timestamps: closedObject(
          { created_at: timestamp, updated_at: timestamp, canceled_at: timestamp, paused_at: timestamp, resumed_at: timestamp, end_date: timestamp },
          ['canceled_at', 'paused_at', 'resumed_at', 'end_date'],
        ),
      },
      [],
      "EPCC's flags, which storefronts read; `status` is the same value as `attributes.status`.",
    ),
  },
  [],
  "The seed's subscription, with EPCC's `meta` flags beside it.",
);

const included: Schema = closedObject(
  { plans: arrayOf(schemaRef('SubscriptionOfferingPlan')), products: arrayOf(schemaRef('SubscriptionOfferingProduct')) },
  ['plans', 'products'],
  'Present exactly when `include` asked for something.',
);

export const SUBSCRIPTION_SCHEMAS = { Subscription: subscription, SubscriptionState: state, SubscriptionIncluded: included };

const newSubscription = dataRequest(
  openObject(
    requestFields(
      {
        account_id: uuid,
        offering_id: uuid,
        plan_id: { ...uuid, description: "One of the offering's plan copies." },
        currency: { ...currency, description: 'A currency the plan is priced in.' },
        name: catalogueText.name,
        email,
        payment_authority: openObject(requestFields({ type: constant(PAYMENT_AUTHORITY_TYPE), customer_id: authorityId, card_id: authorityId }, ['customer_id', 'card_id']), ['type']),
        external_ref: catalogueText.external_ref,
        manual_payments: boolean,
      },
      ['external_ref', 'manual_payments'],
    ),
    ['account_id', 'offering_id', 'plan_id', 'currency', 'name', 'email', 'payment_authority'],
  ),
);
const stateChange = dataRequest(openObject({ type: constant(STATE_TYPE), attributes: openObject({ action: oneOfStrings(STATE_ACTIONS) }, ['action']) }, ['type', 'attributes']));

const NOT_FOUND = 'No subscription of this store has this id.';
const includedMember = { included: schemaRef('SubscriptionIncluded') };

export const subscriptionPaths: Readonly<Record<string, PathItem>> = {
  ...subscriptionPath('/subscriptions/subscriptions', {
    post: operation({
      operationId: 'createSubscription',
      summary: 'Subscribe an account to a plan of an offering',
      description: `${SUBSCRIPTIONS_EPCC} The fields sit directly in \`data\`.`,
      tag: TAG,
      access: 'write',
      post: true,
      requestBody: { description: 'The subscription.', content: jsonContent(newSubscription) },
      success: { '201': { description: 'The subscription.', content: jsonContent(dataDocument(schemaRef('Subscription'))) } },
      errors: {
        400: "Every invalid field, each with its `source`; a `plan_id` that is not one of the offering's plans, or a currency the plan is not priced in.",
        404: "The offering is not the store's.",
      },
    }),
    get: operation({
      operationId: 'listSubscriptions',
      summary: 'List subscriptions',
      description: `${SUBSCRIPTIONS_EPCC} Newest first (\`created_at\`, then \`id\`, descending), stable across pages.`,
      tag: TAG,
      access: 'read',
      parameters: [...PAGING_PARAMETERS, parameterRef('SubscriptionFilter'), parameterRef('SubscriptionInclude'), parameterRef('Currency')],
      success: { '200': { description: 'A page of subscriptions.', content: jsonContent(listResponseSchema(schemaRef('Subscription'), {}, includedMember, ['included'])) } },
      errors: { 400: 'A paging parameter out of range or given twice, a filter that does not parse, or an unknown include.' },
    }),
  }),
  ...subscriptionPath('/subscriptions/subscriptions/{id}', {
    parameters: [ID_PARAMETER],
    get: operation({
      operationId: 'getSubscription',
      summary: 'Get a subscription',
      description: SUBSCRIPTIONS_EPCC,
      tag: TAG,
      access: 'read',
      parameters: [parameterRef('SubscriptionInclude'), parameterRef('Currency')],
      success: { '200': { description: 'The subscription.', content: jsonContent(dataDocument(schemaRef('Subscription'), includedMember, ['included'])) } },
      errors: { 400: 'An unknown include.', 404: NOT_FOUND },
    }),
  }),
  ...subscriptionPath('/subscriptions/subscriptions/{id}/states', {
    parameters: [ID_PARAMETER],
    post: operation({
      operationId: 'changeSubscriptionState',
      summary: 'Cancel, pause or resume a subscription',
      description: `${SUBSCRIPTIONS_EPCC} Pause keeps \`status\` active and sets \`paused\`; resume clears it; cancel sets \`canceled\` and \`end_date\`, the end of the current billing period.`,
      tag: TAG,
      access: 'write',
      post: true,
      requestBody: { description: 'The action.', content: jsonContent(stateChange) },
      success: { '204': { description: 'Applied; no body.' } },
      errors: {
        400: 'A missing or wrong `type`, or an unknown action.',
        403: "The plan does not allow the action (`can_cancel`, `can_pause`, `can_resume`).",
        404: NOT_FOUND,
        422: 'The action does not apply to the subscription as it stands: resuming a running one, pausing a paused one, anything after a cancel or once closed.',
        codes: { 403: ['plan_not_permitted'], 422: ['state_transition_not_allowed'] },
      },
    }),
    get: operation({
      operationId: 'listSubscriptionStates',
      summary: "List a subscription's state changes",
      description: `${SUBSCRIPTIONS_EPCC} Newest first, paged like every list, exact totals.`,
      tag: TAG,
      access: 'read',
      parameters: PAGING_PARAMETERS,
      success: { '200': { description: 'A page of state changes.', content: jsonContent(listResponseSchema(schemaRef('SubscriptionState'))) } },
      errors: { 400: 'A paging parameter out of range or given twice.', 404: NOT_FOUND },
    }),
  }),
};
