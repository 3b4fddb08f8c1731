import * as E from 'fp-ts/lib/Either.js';
import { parseCatalogueName, parseExternalRef } from '../../catalogue/catalogue-fields.js';
import { oneOf } from '../../shared/literal.js';
import { type Changes, type Created, optionalField, requiredField } from '../../shared/record-parser.js';
import {
  STORE_RECORD_LIST,
  type StoreRecord,
  type StoreRecordKind,
  storeRecordParsers,
} from '../../store-records/store-record.js';

export const PRORATION_POLICY_TYPE = 'subscription_proration_policy';

/** How the days of a partial billing period are rounded when a subscription is prorated. */
export const PRORATION_ROUNDINGS = ['up', 'down', 'nearest'] as const;
export type ProrationRounding = (typeof PRORATION_ROUNDINGS)[number];

const PRORATION_POLICY_FIELDS = {
  name: requiredField(parseCatalogueName),
  rounding: requiredField(oneOf([...PRORATION_ROUNDINGS])),
  external_ref: optionalField(parseExternalRef),
};

/** A proration policy's attributes, named as the API names them. */
export type ProrationPolicyAttributes = Created<typeof PRORATION_POLICY_FIELDS>;
export type ProrationPolicyChanges = Changes<typeof PRORATION_POLICY_FIELDS>;

/** How an offering's subscriptions are charged for part of a billing period; offerings refer to one. */
export type ProrationPolicy = StoreRecord<ProrationPolicyAttributes>;

/** EPCC: `external_ref` must be unique in the store, and a policy an offering uses cannot be deleted. */
export const PRORATION_POLICIES: StoreRecordKind<ProrationPolicyAttributes, ProrationPolicyChanges, never> = {
  ...storeRecordParsers(PRORATION_POLICY_TYPE, PRORATION_POLICY_FIELDS, 'proration policy', E.right),
  exclusiveValue: (attributes) => attributes.external_ref,
  notFound: 'proration policy not found',
  list: STORE_RECORD_LIST,
  taken: 'another proration policy of the store has this external_ref',
  inUse: 'the proration policy is used by an offering; detach it first',
};
