import * as E from 'fp-ts/lib/Either.js';
import { issues } from '../shared/errors.js';
import { oneOf } from '../shared/literal.js';
import { type FieldSpec, optionalField, parseCreated } from '../shared/record-parser.js';
import { boundedString } from '../shared/text.js';
import { isRecord, type Parsed } from '../shared/validation.js';

export const PAYMENT_AUTHORITY_ID_MIN = 3;
export const PAYMENT_AUTHORITY_ID_MAX = 1024;
const authorityId = optionalField(boundedString(PAYMENT_AUTHORITY_ID_MIN, PAYMENT_AUTHORITY_ID_MAX));

/**
 * Every payment authority a subscription may carry, by `type`, with the identifiers each one takes (3 to
 * 1,024 code points, all optional): the seed's `platform_payments_processor`, and the two gateways
 * EPCC's schema lists. They are stored and returned as given; a payment run's gateway reads them.
 */
export const PAYMENT_AUTHORITY_FIELDS = {
  platform_payments_processor: { customer_id: authorityId, card_id: authorityId },
  elastic_path_payments_stripe: { customer_id: authorityId, card_id: authorityId },
  authorize_net: { payment_profile_id: authorityId, customer_profile_id: authorityId },
} as const satisfies Readonly<Record<string, Readonly<Record<string, FieldSpec<string, false>>>>>;

const ANY_AUTHORITY_FIELDS: Readonly<Record<string, FieldSpec<string, false>>> = Object.assign(
  {},
  ...Object.values(PAYMENT_AUTHORITY_FIELDS),
);

export type PaymentAuthorityType = keyof typeof PAYMENT_AUTHORITY_FIELDS;
export const PAYMENT_AUTHORITY_TYPES = Object.keys(PAYMENT_AUTHORITY_FIELDS) as readonly PaymentAuthorityType[];

/**
 * The types EPCC's 2025 generation names (`elastic_path_payments_stripe`, `stripe_payment_intents`,
 * `authorize_net`) that the domain holds: the seed's `platform_payments_processor` is not one of them, and
 * `stripe_payment_intents` is not held yet.
 */
export const PAYMENT_AUTHORITY_TYPES_2025 = [
  'elastic_path_payments_stripe',
  'authorize_net',
] as const satisfies readonly PaymentAuthorityType[];

/** Whether the 2025 wire can show this authority: EPCC's 2025 documents type it by a list the seed's type is not in. */
export const shownOn2025Wire = (authority: PaymentAuthority): boolean =>
  (PAYMENT_AUTHORITY_TYPES_2025 as readonly string[]).includes(authority.type);

/** Who takes the subscription's payments, and the identifiers that gateway knows the customer by. */
export type PaymentAuthority =
  | {
      readonly type: 'platform_payments_processor' | 'elastic_path_payments_stripe';
      readonly customer_id?: string;
      readonly card_id?: string;
    }
  | { readonly type: 'authorize_net'; readonly payment_profile_id?: string; readonly customer_profile_id?: string };

/** Reads one payment authority: its `type` decides which identifiers it takes; others are ignored. */
export const parsePaymentAuthority =
  (source: string) =>
  (input: unknown): Parsed<PaymentAuthority> => {
    if (!isRecord(input)) return E.left(issues(source, 'must be an object'));
    const type = oneOf(PAYMENT_AUTHORITY_TYPES)(`${source}.type`)(input['type']);
    // Without a known type, the identifiers of every type are checked, so that every problem is listed at once.
    const ids = parseCreated(
      E.isRight(type) ? PAYMENT_AUTHORITY_FIELDS[type.right] : ANY_AUTHORITY_FIELDS,
      input,
      source,
    );
    if (E.isLeft(type)) {
      const [first, ...rest] = type.left;
      return E.left([first, ...rest, ...(E.isLeft(ids) ? ids.left : [])]);
    }
    return E.map((fields: object) => ({ type: type.right, ...fields }) as PaymentAuthority)(ids);
  };
