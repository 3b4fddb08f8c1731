import { CATALOGUE_TEXT_MAX, EMAIL_MIN, EMAIL_PATTERN } from '../../../domain/catalogue/catalogue-fields.js';
import { OFFERING_PLAN_TYPE, OFFERING_TYPE } from '../../../domain/catalogue/offering.js';
import { ATTACH_MAX } from '../../../domain/catalogue/offering-input.js';
import {
  PAYMENT_AUTHORITY_FIELDS,
  PAYMENT_AUTHORITY_ID_MAX,
  PAYMENT_AUTHORITY_ID_MIN,
  PAYMENT_AUTHORITY_TYPES,
} from '../../../domain/subscriptions/payment-authority.js';
import { PRODUCT_CHANGE_STEPS_MAX, PRODUCT_CHANGE_TYPES } from '../../../domain/subscriptions/product-changes.js';
import {
  STATE_ACTIONS,
  STATE_TYPE,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPE,
} from '../../../domain/subscriptions/subscription.js';
import { SUBSCRIPTION_INCLUDES } from '../../../domain/subscriptions/subscription-query.js';
import { catalogueText, currency } from '../catalogue/subscription-catalogue-schemas.js';
import type { Parameter, Schema } from '../openapi/openapi-types.js';
import {
  arrayOf,
  boolean,
  closedObject,
  constant,
  dataRequest,
  nullable,
  oneOfStrings,
  openObject,
  requestFields,
  schemaRef,
  text,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';

export const TAG = 'Subscriptions';
const REQUEST_TIME: Schema = { type: 'string', format: 'date-time', description: 'RFC 3339, with a time zone.' };
export const email: Schema = {
  type: 'string',
  minLength: EMAIL_MIN,
  maxLength: CATALOGUE_TEXT_MAX,
  pattern: EMAIL_PATTERN,
};
export const authorityId = text(PAYMENT_AUTHORITY_ID_MIN, PAYMENT_AUTHORITY_ID_MAX);

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
export const paymentAuthority: Schema = {
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
export const flag = (description: string): Schema => ({ type: 'boolean', description });
export const status = oneOfStrings(
  SUBSCRIPTION_STATUSES,
  '`inactive` while pending, for good once canceled while pending (it never goes live and is never billed), and from the billing run that finds the subscription due while paused or canceled (or its closing plan run out), or from dunning closing it, until a payment succeeds after a resume; a cancel or a pause of a live subscription alone leaves it `active`.',
);

export const state: Schema = closedObject(
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

export const subscription: Schema = closedObject(
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

export const included: Schema = closedObject(
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

export const newSubscription = dataRequest(
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
export const subscriptionChanges = dataRequest(
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
export const productChanges: Schema = {
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
export const stateChange = dataRequest(
  openObject(
    {
      type: constant(STATE_TYPE),
      attributes: openObject(
        {
          action: oneOfStrings(STATE_ACTIONS),
          cancel_immediately: {
            type: 'boolean',
            description:
              'EPCC 2026-10, on both generations: with `cancel`, the subscription ends and is `inactive` now rather than when what was invoiced runs out; nothing is refunded and paid invoices stay as they are. Only with `cancel` (a 400 otherwise).',
          },
        },
        ['action'],
      ),
    },
    ['type', 'attributes'],
  ),
);

export const NOT_FOUND = 'No subscription of this store has this id.';
export const STATE_ID_PARAMETER: Parameter = {
  name: 'state_id',
  in: 'path',
  required: true,
  description:
    "The state change's id. An id that is not a UUID, or that belongs to another subscription, is answered 404 like one that does not exist.",
  schema: { type: 'string', format: 'uuid' },
};
export const includedMember = { included: schemaRef('SubscriptionIncluded') };
