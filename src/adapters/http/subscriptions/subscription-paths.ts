import { SUBSCRIPTION_LIST } from '../../../domain/subscriptions/subscription-query.js';
import {
  STATE_ACTIONS,
  STATE_TYPE,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPE,
} from '../../../domain/subscriptions/subscription.js';
import { OFFERING_PLAN_TYPE, OFFERING_TYPE } from '../../../domain/catalogue/offering.js';
import {
  PAYMENT_AUTHORITY_FIELDS,
  PAYMENT_AUTHORITY_ID_MAX,
  PAYMENT_AUTHORITY_ID_MIN,
  PAYMENT_AUTHORITY_TYPES,
} from '../../../domain/subscriptions/payment-authority.js';
import { PRODUCT_CHANGE_STEPS_MAX, PRODUCT_CHANGE_TYPES } from '../../../domain/subscriptions/product-changes.js';
import { ATTACH_MAX } from '../../../domain/catalogue/offering-input.js';
import { CATALOGUE_TEXT_MAX, EMAIL_MIN, EMAIL_PATTERN } from '../../../domain/catalogue/catalogue-fields.js';
import { SUBSCRIPTION_INCLUDES } from '../../../domain/subscriptions/subscription-query.js';
import type { Parameter, PathItem, Schema } from '../openapi/openapi-types.js';
import {
  cursorListResponseSchema,
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  operation,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  arrayOf,
  boolean,
  closedObject,
  nullable,
  constant,
  dataDocument,
  dataRequest,
  oneOfStrings,
  openObject,
  parameterRef,
  requestFields,
  schemaRef,
  text,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { catalogueText, currency } from '../catalogue/subscription-catalogue-schemas.js';
import { subscriptionPath, SUBSCRIPTIONS_EPCC } from './subscription-path.js';

const TAG = 'Subscriptions';
const REQUEST_TIME: Schema = { type: 'string', format: 'date-time', description: 'RFC 3339, with a time zone.' };
export const email: Schema = {
  type: 'string',
  minLength: EMAIL_MIN,
  maxLength: CATALOGUE_TEXT_MAX,
  pattern: EMAIL_PATTERN,
};
const authorityId = text(PAYMENT_AUTHORITY_ID_MIN, PAYMENT_AUTHORITY_ID_MAX);

export const SUBSCRIPTION_FILTER = filterParameter(SUBSCRIPTION_LIST);
export const SUBSCRIPTION_INCLUDE: Parameter = {
  name: 'include',
  in: 'query',
  description: `Related resources to embed, comma-separated: ${SUBSCRIPTION_INCLUDES.map((i) => `\`${i}\``).join(', ')}. \`included.plans\` / \`included.products\` hold each related offering plan or product once, and are present (maybe empty) exactly when asked for. An unknown name: 400 listing the allowed ones.`,
  schema: { type: 'string' },
};

const authorityIds = (type: (typeof PAYMENT_AUTHORITY_TYPES)[number]) =>
  Object.fromEntries(Object.keys(PAYMENT_AUTHORITY_FIELDS[type]).map((name) => [name, authorityId]));
const AUTHORITY_DESCRIPTION =
  "Who takes the payments: the seed's `platform_payments_processor`, or one of the gateways EPCC lists; stored and returned as given, no processor is called.";
const paymentAuthority: Schema = {
  description: AUTHORITY_DESCRIPTION,
  oneOf: PAYMENT_AUTHORITY_TYPES.map((type) =>
    closedObject({ type: constant(type), ...authorityIds(type) }, Object.keys(authorityIds(type))),
  ),
};
const paymentAuthorityRequest: Schema = {
  description: `${AUTHORITY_DESCRIPTION} Its \`type\` decides which identifiers it takes; others are ignored.`,
  oneOf: PAYMENT_AUTHORITY_TYPES.map((type) =>
    openObject(requestFields({ type: constant(type), ...authorityIds(type) }, Object.keys(authorityIds(type))), [
      'type',
    ]),
  ),
};
const flag = (description: string): Schema => ({ type: 'boolean', description });
const status = oneOfStrings(
  SUBSCRIPTION_STATUSES,
  '`inactive` while pending, for good once canceled while pending (it never goes live and is never billed), and from the billing run that finds the subscription due while paused or canceled (or its closing plan run out), or from dunning closing it, until a payment succeeds after a resume; a cancel or a pause of a live subscription alone leaves it `active`.',
);

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
        offering: {
          ...schemaRef('SubscriptionOffering'),
          description: 'The offering as it was when the subscription was made.',
        },
        plan_id: { ...uuid, description: "The offering's plan copy subscribed to." },
        currency,
        payment_authority: paymentAuthority,
        address_id: { ...uuid, description: 'The account address the subscription delivers to, when one was given.' },
        go_live_after: {
          ...timestamp,
          description:
            'When a pending subscription goes live by itself; once a `go_live` action started it, when it went live. Billing periods, the trial and the plan length count from it.',
        },
        status,
        state: { ...schemaRef('SubscriptionState'), description: 'The latest state change, if there was one.' },
        name: catalogueText.name,
        email,
      },
      ['external_ref', 'address_id', 'go_live_after', 'state'],
    ),
    relationships: closedObject({
      offering: closedObject({ data: closedObject({ id: uuid, type: constant(OFFERING_TYPE) }) }),
      plans: closedObject({
        data: arrayOf(closedObject({ id: uuid, type: constant(OFFERING_PLAN_TYPE) }), { minItems: 1, maxItems: 1 }),
      }),
    }),
    meta: closedObject(
      {
        owner: constant('store'),
        status,
        state: {
          ...schemaRef('SubscriptionState'),
          description: 'The latest state change, if there was one: the same as `attributes.state`, where EPCC puts it.',
        },
        canceled: flag('Set by a cancel; the subscription closes at `timestamps.end_date`.'),
        paused: flag('Set by a pause, cleared by a resume.'),
        closed: flag('Canceled and past its end date, or a plan with `end_behavior: close` that ran its length.'),
        pending: flag(
          'Not live yet: until a `go_live` action, or until `attributes.go_live_after`; `status` is `inactive` meanwhile.',
        ),
        suspended: boolean,
        invoice_after: {
          ...timestamp,
          description:
            'When the subscription becomes eligible for a new invoice: the next billing run at or after it invoices its oldest period not invoiced yet, one a run. The start of its first period before any invoice; the end of the period invoiced after each.',
        },
        manual_payments: boolean,
        timestamps: closedObject(
          {
            created_at: timestamp,
            updated_at: timestamp,
            canceled_at: timestamp,
            paused_at: timestamp,
            resumed_at: timestamp,
            end_date: timestamp,
          },
          ['canceled_at', 'paused_at', 'resumed_at', 'end_date'],
        ),
      },
      ['state'],
      "EPCC's flags, which storefronts read; `status` is the same value as `attributes.status`.",
    ),
  },
  [],
  "The seed's subscription, with EPCC's `meta` flags beside it.",
);

const included: Schema = closedObject(
  {
    plans: arrayOf(schemaRef('SubscriptionOfferingPlan')),
    products: arrayOf(schemaRef('SubscriptionOfferingProduct')),
  },
  ['plans', 'products'],
  'Present exactly when `include` asked for something.',
);

export const SUBSCRIPTION_SCHEMAS = {
  Subscription: subscription,
  SubscriptionState: state,
  SubscriptionIncluded: included,
};

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
        payment_authority: paymentAuthorityRequest,
        external_ref: catalogueText.external_ref,
        manual_payments: boolean,
        address_id: { ...uuid, description: 'The account address the subscription delivers to.' },
        pending: {
          type: 'boolean',
          description:
            'Create it pending: it goes live at `go_live_after`, or on a `go_live` action when none is given. Cannot be false beside a `go_live_after`.',
        },
        go_live_after: {
          ...REQUEST_TIME,
          description:
            'When the subscription goes live by itself (it is pending until then). A past time backdates it (EPCC): live at once, its periods counted from then; the first is invoiced with it, the rest by the next billing run.',
        },
      },
      ['external_ref', 'manual_payments', 'address_id', 'pending', 'go_live_after'],
    ),
    ['account_id', 'offering_id', 'plan_id', 'currency', 'name', 'email', 'payment_authority'],
  ),
);
const subscriptionChanges = dataRequest(
  openObject(
    {
      id: {
        ...uuid,
        description: "The subscription's id, as EPCC clients send it; the path decides which subscription changes.",
      },
      type: constant(SUBSCRIPTION_TYPE),
      attributes: openObject(
        {
          plan_id: {
            ...uuid,
            description:
              "Another plan of the subscription's offering (as it was when the subscription was made), priced in its currency.",
          },
          name: catalogueText.name,
          email,
          payment_authority: paymentAuthorityRequest,
          external_ref: nullable(catalogueText.external_ref),
          address_id: nullable(uuid),
          go_live_after: {
            ...nullable(REQUEST_TIME),
            description:
              "A pending subscription's time to go live; a past time backdates it (live at once). `null`: only a `go_live` action starts it.",
          },
        },
        [],
        'Every member is optional; `null` clears `external_ref` or `address_id`.',
      ),
    },
    ['type', 'attributes'],
  ),
);
const productChanges: Schema = {
  type: 'object',
  properties: {
    data: arrayOf(
      openObject(
        { type: oneOfStrings(PRODUCT_CHANGE_TYPES), products: arrayOf(uuid, { minItems: 1, maxItems: ATTACH_MAX }) },
        ['type', 'products'],
      ),
      { minItems: 1, maxItems: PRODUCT_CHANGE_STEPS_MAX },
    ),
  },
  required: ['data'],
};
const stateChange = dataRequest(
  openObject(
    { type: constant(STATE_TYPE), attributes: openObject({ action: oneOfStrings(STATE_ACTIONS) }, ['action']) },
    ['type', 'attributes'],
  ),
);

const NOT_FOUND = 'No subscription of this store has this id.';
const STATE_ID_PARAMETER: Parameter = {
  name: 'state_id',
  in: 'path',
  required: true,
  description:
    "The state change's id. An id that is not a UUID, or that belongs to another subscription, is answered 404 like one that does not exist.",
  schema: { type: 'string', format: 'uuid' },
};
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
      success: {
        '201': { description: 'The subscription.', content: jsonContent(dataDocument(schemaRef('Subscription'))) },
      },
      errors: {
        400: "Every invalid field, each with its `source`; a `plan_id` that is not one of the offering's plans, or a currency the plan is not priced in.",
        404: "The offering is not the store's.",
      },
    }),
    get: operation({
      operationId: 'listSubscriptions',
      summary: 'List subscriptions',
      description: `${SUBSCRIPTIONS_EPCC} Newest first (\`created_at\`, then \`id\`, descending), stable across pages. Past the offset limit, \`page[after]\` walks the whole list by cursor (an extension).`,
      tag: TAG,
      access: 'read',
      parameters: [
        ...PAGING_PARAMETERS,
        parameterRef('PageAfter'),
        parameterRef('SubscriptionFilter'),
        parameterRef('SubscriptionInclude'),
        parameterRef('Currency'),
      ],
      success: {
        '200': {
          description: 'A page of subscriptions.',
          content: jsonContent(
            cursorListResponseSchema(listResponseSchema(schemaRef('Subscription'), {}, includedMember, ['included'])),
          ),
        },
      },
      errors: {
        400: 'A paging parameter out of range or given twice, `page[offset]` with `page[after]`, a `page[after]` token this list did not make, a filter that does not parse, or an unknown include.',
      },
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
      success: {
        '200': {
          description: 'The subscription.',
          content: jsonContent(dataDocument(schemaRef('Subscription'), includedMember, ['included'])),
        },
      },
      errors: { 400: 'An unknown include.', 404: NOT_FOUND },
    }),
    put: operation({
      operationId: 'updateSubscription',
      summary: 'Update a subscription',
      description: `${SUBSCRIPTIONS_EPCC} A partial update: fields left out keep their values. A plan change moves the subscription to another plan of its own offering snapshot (the snapshot itself never changes); from then on that plan's \`can_*\` flags gate the state actions.`,
      tag: TAG,
      access: 'write',
      requestBody: { description: 'The changes.', content: jsonContent(subscriptionChanges) },
      success: {
        '200': {
          description: 'The subscription as updated.',
          content: jsonContent(dataDocument(schemaRef('Subscription'))),
        },
      },
      errors: {
        400: "Every invalid field, each with its `source`; a `plan_id` that is not one of the subscription's offering plans, or one not priced in its currency.",
        403: 'A paused subscription cannot move to a plan that does not allow subscribers to resume.',
        404: NOT_FOUND,
        422: 'A canceled or closed subscription cannot change its plan; only a pending subscription can change its `go_live_after`.',
        codes: { 403: ['plan_not_permitted'], 422: ['state_transition_not_allowed'] },
      },
    }),
    delete: operation({
      operationId: 'deleteSubscription',
      summary: 'Delete a subscription',
      description: `${SUBSCRIPTIONS_EPCC} Its state history goes with it; the offering snapshot it shared with other subscriptions stays. A subscription with invoices is kept (invoices are financial records, as EPCC keeps them): cancel it instead.`,
      tag: TAG,
      access: 'write',
      success: { '204': { description: 'Deleted; no body.' } },
      errors: {
        404: NOT_FOUND,
        409: 'A payment was attempted on one of its invoices (its invoices are deleted with it otherwise).',
        codes: { 409: ['in_use'] },
      },
    }),
  }),
  ...subscriptionPath('/subscriptions/subscriptions/{id}/plans', {
    parameters: [ID_PARAMETER],
    get: operation({
      operationId: 'listPlansOfSubscription',
      summary: "List a subscription's plans",
      description: `${SUBSCRIPTIONS_EPCC} Every plan of the subscription's offering as it was when the subscription was made, in the order attached, priced from the products the subscription holds; \`meta.active_plan\` is \`true\` on the plan it is on and \`null\` on the others. Paged like every list.`,
      tag: TAG,
      access: 'read',
      parameters: [...PAGING_PARAMETERS, parameterRef('Currency')],
      success: {
        '200': {
          description: "A page of the subscription's plans.",
          content: jsonContent(listResponseSchema(schemaRef('SubscriptionOfferingPlan'))),
        },
      },
      errors: { 400: 'A paging parameter out of range or given twice.', 404: NOT_FOUND },
    }),
  }),
  ...subscriptionPath('/subscriptions/subscriptions/{id}/products', {
    parameters: [ID_PARAMETER],
    get: operation({
      operationId: 'listProductsOfSubscription',
      summary: "List a subscription's products",
      description: `${SUBSCRIPTIONS_EPCC} The copies of products the subscription holds, from its offering as it was when the subscription was made, in the order attached. Paged like every list.`,
      tag: TAG,
      access: 'read',
      parameters: [...PAGING_PARAMETERS, parameterRef('Currency')],
      success: {
        '200': {
          description: "A page of the subscription's products.",
          content: jsonContent(listResponseSchema(schemaRef('SubscriptionOfferingProduct'))),
        },
      },
      errors: { 400: 'A paging parameter out of range or given twice.', 404: NOT_FOUND },
    }),
    put: operation({
      operationId: 'manageProductsOfSubscription',
      summary: "Change a subscription's products",
      description: `${SUBSCRIPTIONS_EPCC} Each change, in order: \`attach\` adds products of the subscription's offering (as it was when the subscription was made), \`detach\` drops ones it holds, \`replace\` holds exactly those given. The offering snapshot itself never changes; its plans are priced from what the subscription holds.`,
      tag: TAG,
      access: 'write',
      requestBody: { description: 'The changes, applied in order.', content: jsonContent(productChanges) },
      success: { '204': { description: 'Changed; no body.' } },
      errors: {
        400: "Every invalid change, each with its `source`; a product that is not one of the offering's, a detached one the subscription does not hold, or changes that would leave its plan without a price in its currency.",
        404: NOT_FOUND,
        422: 'A canceled or closed subscription keeps its products.',
        codes: { 422: ['state_transition_not_allowed'] },
      },
    }),
  }),
  ...subscriptionPath('/subscriptions/subscriptions/{id}/states', {
    parameters: [ID_PARAMETER],
    post: operation({
      operationId: 'changeSubscriptionState',
      summary: 'Cancel, pause or resume a subscription',
      description: `${SUBSCRIPTIONS_EPCC} Pause keeps \`status\` active and sets \`paused\`; resume clears it; cancel sets \`canceled\` and \`end_date\`, the end of the current billing period, and keeps \`status\` active too: the next billing run due for it sets \`inactive\`; a pending subscription canceled never goes live and is never billed: \`end_date\` at once, \`inactive\` at once, and \`go_live\` or \`resume\` refused after it. \`go_live\` starts a pending subscription now: its billing periods and trial count from then. A subscription closed by dunning (canceled, with an invoice whose retries were spent) can be resumed once none of its invoices is outstanding after a failed payment; it is billed again from then.`,
      tag: TAG,
      access: 'write',
      post: true,
      requestBody: { description: 'The action.', content: jsonContent(stateChange) },
      success: { '204': { description: 'Applied; no body.' } },
      errors: {
        400: 'A missing or wrong `type`, or an unknown action.',
        403: 'The plan does not allow the action (`can_cancel`, `can_pause`, `can_resume`).',
        404: NOT_FOUND,
        422: 'The action does not apply to the subscription as it stands: resuming a running one, pausing a paused one, pausing or resuming a pending one, `go_live` on one that is live, anything after a cancel or once closed (`state_transition_not_allowed`); resuming one closed by dunning while an invoice of it is unpaid (`invoice_unpaid`).',
        codes: { 403: ['plan_not_permitted'], 422: ['state_transition_not_allowed', 'invoice_unpaid'] },
      },
    }),
    get: operation({
      operationId: 'listSubscriptionStates',
      summary: "List a subscription's state changes",
      description: `${SUBSCRIPTIONS_EPCC} Newest first, paged like every list, exact totals.`,
      tag: TAG,
      access: 'read',
      parameters: PAGING_PARAMETERS,
      success: {
        '200': {
          description: 'A page of state changes.',
          content: jsonContent(listResponseSchema(schemaRef('SubscriptionState'))),
        },
      },
      errors: { 400: 'A paging parameter out of range or given twice.', 404: NOT_FOUND },
    }),
  }),
  ...subscriptionPath('/subscriptions/subscriptions/{id}/states/{state_id}', {
    parameters: [ID_PARAMETER, STATE_ID_PARAMETER],
    get: operation({
      operationId: 'getSubscriptionState',
      summary: "Get one of a subscription's state changes",
      description: SUBSCRIPTIONS_EPCC,
      tag: TAG,
      access: 'read',
      success: {
        '200': { description: 'The state change.', content: jsonContent(dataDocument(schemaRef('SubscriptionState'))) },
      },
      errors: {
        404: 'No subscription of this store has this id, or the subscription has no state change with this id.',
      },
    }),
  }),
};
