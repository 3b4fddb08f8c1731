import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import {
  parseCatalogueName,
  parseCurrency,
  parseEmail,
  parseExternalRef,
  typedAttributes,
} from '../catalogue/catalogue-fields.js';
import { booleanValue } from '../shared/boolean.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { oneOf } from '../shared/literal.js';
import {
  type Changes,
  type Created,
  optionalField,
  parseChanges,
  parseCreated,
  requiredField,
} from '../shared/record-parser.js';
import { parseTimestamp } from '../shared/timestamp.js';
import { parseUuidField } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { parsePaymentAuthority } from './payment-authority.js';
import { STATE_ACTIONS, STATE_TYPE, type StateAction, SUBSCRIPTION_TYPE } from './subscription.js';

const SUBSCRIPTION_FIELDS = {
  account_id: requiredField(parseUuidField),
  offering_id: requiredField(parseUuidField),
  plan_id: requiredField(parseUuidField),
  currency: requiredField(parseCurrency),
  name: requiredField(parseCatalogueName),
  email: requiredField(parseEmail),
  payment_authority: requiredField(parsePaymentAuthority),
  external_ref: optionalField(parseExternalRef),
  manual_payments: optionalField(booleanValue),
  address_id: optionalField(parseUuidField),
  pending: optionalField(booleanValue),
  go_live_after: optionalField(parseTimestamp),
};

/** A validated create request; the offering, plan and currency are checked against the offering next. */
export type NewSubscription = Created<typeof SUBSCRIPTION_FIELDS>;

/** `POST /subscriptions/subscriptions`: the fields sit directly in `data`. */
export const parseNewSubscription = (data: unknown): Parsed<NewSubscription> =>
  parseCreated(SUBSCRIPTION_FIELDS, data, 'data');

const SUBSCRIPTION_CHANGE_FIELDS = {
  plan_id: requiredField(parseUuidField),
  name: requiredField(parseCatalogueName),
  email: requiredField(parseEmail),
  payment_authority: requiredField(parsePaymentAuthority),
  external_ref: optionalField(parseExternalRef),
  address_id: optionalField(parseUuidField),
  go_live_after: optionalField(parseTimestamp),
};

/** A validated partial update: fields left out keep their values; `null` clears `external_ref`, `address_id` or `go_live_after`. */
export type SubscriptionChanges = Changes<typeof SUBSCRIPTION_CHANGE_FIELDS>;

/** `PUT /subscriptions/subscriptions/:id`: `{"type": "subscription", "attributes": {...}}`, as EPCC's update. */
export const parseSubscriptionChanges = (data: unknown): Parsed<SubscriptionChanges> =>
  pipe(
    typedAttributes(data, SUBSCRIPTION_TYPE),
    E.flatMap((attributes) => parseChanges(SUBSCRIPTION_CHANGE_FIELDS, attributes, 'data.attributes')),
  );

/** A state change as asked: the action, and for a cancel whether it ends the subscription now (EPCC 2026). */
export interface StateChange {
  readonly action: StateAction;
  readonly cancelImmediately: boolean;
}

/**
 * `POST .../states`: `{"type": "subscription_state", "attributes": {"action": "cancel", "cancel_immediately": true}}`;
 * `cancel_immediately` (EPCC 2026-10, `false` unless given) only with `cancel`.
 */
export const parseStateChange = (data: unknown): Parsed<StateChange> => {
  if (!isRecord(data)) return E.left(issues('data', 'must be an object'));
  const problems: ValidationIssue[] = [];
  if (data['type'] !== STATE_TYPE)
    problems.push(issue('data.type', data['type'] === undefined ? 'is required' : `must be '${STATE_TYPE}'`));
  const attributes = data['attributes'];
  const action = isRecord(attributes)
    ? oneOf([...STATE_ACTIONS])('data.attributes.action')(attributes['action'])
    : E.left(issues('data.attributes', 'must be an object'));
  if (E.isLeft(action)) problems.push(...action.left);
  const immediately = isRecord(attributes) ? attributes['cancel_immediately'] : undefined;
  if (immediately !== undefined && immediately !== null && typeof immediately !== 'boolean')
    problems.push(issue('data.attributes.cancel_immediately', 'must be true or false'));
  else if (immediately === true && E.isRight(action) && action.right !== 'cancel')
    problems.push(issue('data.attributes.cancel_immediately', 'is only for the cancel action'));
  const [first, ...rest] = problems;
  if (first !== undefined || E.isLeft(action)) return E.left([first ?? issue('data', 'is invalid'), ...rest]);
  return E.right({ action: action.right, cancelImmediately: immediately === true });
};
