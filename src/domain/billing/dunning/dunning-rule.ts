import * as E from 'fp-ts/lib/Either.js';
import { booleanValue } from '../../shared/boolean.js';
import { issues } from '../../shared/errors.js';
import { INT32_MAX, integerInRange } from '../../shared/integer.js';
import { oneOf } from '../../shared/literal.js';
import { numberInRange } from '../../shared/number.js';
import { type Changes, type Created, optionalField, requiredField } from '../../shared/record-parser.js';
import type { Parsed } from '../../shared/validation.js';
import {
  STORE_RECORD_LIST,
  type StoreRecord,
  type StoreRecordKind,
  storeRecordParsers,
} from '../../store-records/store-record.js';

export const DUNNING_RULE_TYPE = 'subscription_dunning_rule';

export const PAYMENT_RETRY_TYPES = ['fixed', 'backoff', 'tiered'] as const;
export const PAYMENT_RETRY_UNITS = ['day', 'week'] as const;
/** What happens to the subscription once every retry of an invoice's payment has failed. */
export const DUNNING_ACTIONS = ['none', 'pause', 'close', 'suspend'] as const;
/** EPCC: "You can set this to a limit between 0 - 20". */
export const PAYMENT_RETRIES_LIMIT_MAX = 20;
/** The longest wait between retries, in `payment_retry_unit`s, and the largest growth factor of the waits. */
export const PAYMENT_RETRY_INTERVAL_MAX = 1024;
export const PAYMENT_RETRY_MULTIPLIER_MAX = 1024;

const DUNNING_RULE_FIELDS = {
  payment_retry_type: requiredField(oneOf([...PAYMENT_RETRY_TYPES])),
  payment_retry_interval: optionalField(integerInRange(1, PAYMENT_RETRY_INTERVAL_MAX)),
  payment_retry_unit: optionalField(oneOf([...PAYMENT_RETRY_UNITS])),
  payment_retry_multiplier: optionalField(numberInRange(1, PAYMENT_RETRY_MULTIPLIER_MAX)),
  payment_retries_limit: requiredField(integerInRange(0, PAYMENT_RETRIES_LIMIT_MAX)),
  action: requiredField(oneOf([...DUNNING_ACTIONS])),
  default: optionalField(booleanValue),
};

/** A dunning rule's attributes, named as the API names them. */
export type DunningRuleAttributes = Created<typeof DUNNING_RULE_FIELDS>;
export type DunningRuleChanges = Changes<typeof DUNNING_RULE_FIELDS>;

/** How failed payments of a store's invoices are retried, and what follows when they all fail. */
export type DunningRule = StoreRecord<DunningRuleAttributes>;

/**
 * EPCC ties the multiplier to backoff ("must only be set for backup types") and to tiered ("the factor by
 * which the time duration increases"): a fixed schedule has none, so one set with it is refused.
 */
const noMultiplierWhenFixed = (attributes: DunningRuleAttributes): Parsed<DunningRuleAttributes> =>
  attributes.payment_retry_multiplier !== undefined && attributes.payment_retry_type === 'fixed'
    ? E.left(
        issues(
          'data.attributes.payment_retry_multiplier',
          "may only be set when payment_retry_type is 'backoff' or 'tiered'",
        ),
      )
    : E.right(attributes);

/**
 * Rules stored before the limit was bounded to 0–20 may hold up to INT32_MAX, the largest integer every
 * backend carries exactly: they are still read (and retried as if the limit were 20).
 */
const STORED_FIELDS = { ...DUNNING_RULE_FIELDS, payment_retries_limit: requiredField(integerInRange(0, INT32_MAX)) };

/** The store's default rule is the one marked; EPCC allows one per store. */
export const DEFAULT_MARK = 'default';

/** EPCC: "There can only be one default rule per store"; any rule can be deleted at any time. */
export const DUNNING_RULES: StoreRecordKind<DunningRuleAttributes, DunningRuleChanges, never> = {
  ...storeRecordParsers(DUNNING_RULE_TYPE, DUNNING_RULE_FIELDS, 'dunning rule', noMultiplierWhenFixed),
  fromStorage: storeRecordParsers(DUNNING_RULE_TYPE, STORED_FIELDS, 'dunning rule', noMultiplierWhenFixed).fromStorage,
  exclusiveValue: (attributes) => (attributes.default === true ? DEFAULT_MARK : undefined),
  notFound: 'dunning rule not found',
  list: STORE_RECORD_LIST,
  taken: 'the store already has a default dunning rule; make it not the default first',
};
