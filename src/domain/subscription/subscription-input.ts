import * as E from 'fp-ts/lib/Either.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { booleanValue } from '../shared/boolean.js';
import { oneOf } from '../shared/literal.js';
import { optionalField, parseCreated, requiredField, type Created } from '../shared/record-parser.js';
import { boundedString } from '../shared/text.js';
import { parseUuidField } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { parseCatalogueName, parseCurrency, parseEmail, parseExternalRef } from './catalogue-fields.js';
import { PAYMENT_AUTHORITY_TYPE, STATE_ACTIONS, STATE_TYPE, type PaymentAuthority, type StateAction } from './subscription.js';

const parseAuthorityId = boundedString(3, 1024);

const parsePaymentAuthority =
  (source: string) =>
  (input: unknown): Parsed<PaymentAuthority> => {
    if (!isRecord(input)) return E.left(issues(source, 'must be an object'));
    return parseCreated(
      { type: requiredField(oneOf<typeof PAYMENT_AUTHORITY_TYPE>([PAYMENT_AUTHORITY_TYPE])), customer_id: optionalField(parseAuthorityId), card_id: optionalField(parseAuthorityId) },
      input,
      source,
    );
  };

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
};

/** A validated create request; the offering, plan and currency are checked against the offering next. */
export type NewSubscription = Created<typeof SUBSCRIPTION_FIELDS>;

/** `POST /subscriptions/subscriptions`: the fields sit directly in `data`. */
export const parseNewSubscription = (data: unknown): Parsed<NewSubscription> => parseCreated(SUBSCRIPTION_FIELDS, data, 'data');

/** `POST .../states`: `{"type": "subscription_state", "attributes": {"action": "pause"}}`. */
export const parseStateAction = (data: unknown): Parsed<StateAction> => {
  if (!isRecord(data)) return E.left(issues('data', 'must be an object'));
  const problems: ValidationIssue[] = [];
  if (data['type'] !== STATE_TYPE) problems.push(issue('data.type', data['type'] === undefined ? 'is required' : `must be '${STATE_TYPE}'`));
  const attributes = data['attributes'];
  const action = isRecord(attributes) ? oneOf([...STATE_ACTIONS])('data.attributes.action')(attributes['action']) : E.left(issues('data.attributes', 'must be an object'));
  if (E.isLeft(action)) problems.push(...action.left);
  const [first, ...rest] = problems;
  if (first !== undefined || E.isLeft(action)) return E.left([first ?? issue('data', 'is invalid'), ...rest]);
  return E.right(action.right);
};
