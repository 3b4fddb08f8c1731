import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { oneOf } from '../shared/literal.js';
import { boundedString } from '../shared/text.js';
import type { Uuid } from '../shared/uuid.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';

export const AUTHENTICATION_REALM_TYPE = 'authentication_realm';
export const REALM_NOT_FOUND = 'authentication realm not found';

/**
 * `allowed`: two account members may share an email address; `api_only`: only through the API (EPCC keeps
 * the second for sign-ins that would make members by themselves, as OpenID Connect does; this service has
 * none, so both behave alike and the value is kept for the clients that set it).
 */
export const DUPLICATE_EMAIL_POLICIES = ['allowed', 'api_only'] as const;
export type DuplicateEmailPolicy = (typeof DUPLICATE_EMAIL_POLICIES)[number];

/**
 * Who signs in to a realm: `account`, the store's account members (shoppers); `merchant`, the merchant's
 * people (the console), the realm the merchant realm mapping names. A store has one of each.
 */
export const REALM_KINDS = ['account', 'merchant'] as const;
export type RealmKind = (typeof REALM_KINDS)[number];

/** A realm of a store: one per kind, made with the store. */
export interface AuthenticationRealm {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly kind: RealmKind;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly duplicateEmailPolicy: DuplicateEmailPolicy;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const ACCOUNT_REALM_NAME = 'Account Management Realm';
export const MERCHANT_REALM_NAME = 'Merchant Realm';
export const REALM_NAME_MAX = 255;
export const REDIRECT_URIS_MAX = 25;
export const REDIRECT_URI_MAX = 1024;

const newRealm =
  (kind: RealmKind, name: string) =>
  (id: Uuid, storeId: Uuid, now: Date): AuthenticationRealm => ({
    id,
    storeId,
    kind,
    name,
    redirectUris: [],
    duplicateEmailPolicy: 'allowed',
    createdAt: now,
    updatedAt: now,
  });

export const newAccountRealm = newRealm('account', ACCOUNT_REALM_NAME);
/** Its id is the merchant realm mapping's `realm_id`. */
export const newMerchantRealm = newRealm('merchant', MERCHANT_REALM_NAME);

const parseRedirectUri =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const text = boundedString(1, REDIRECT_URI_MAX)(source)(input);
    if (E.isLeft(text)) return text;
    try {
      const url = new URL(text.right);
      if (url.protocol === 'http:' || url.protocol === 'https:') return text;
    } catch {
      // answered below
    }
    return E.left(issues(source, 'must be an absolute http or https URI'));
  };

export const parseRedirectUris =
  (source: string) =>
  (input: unknown): Parsed<readonly string[]> => {
    if (!Array.isArray(input) || input.length > REDIRECT_URIS_MAX)
      return E.left(issues(source, `must be a list of at most ${REDIRECT_URIS_MAX} URIs`));
    const problems: ValidationIssue[] = [];
    const uris: string[] = [];
    input.forEach((value: unknown, index) => {
      const uri = parseRedirectUri(`${source}.${index}`)(value);
      if (E.isLeft(uri)) problems.push(...uri.left);
      else uris.push(uri.right);
    });
    const [first, ...rest] = problems;
    return first === undefined ? E.right(uris) : E.left([first, ...rest]);
  };

export interface RealmChanges {
  readonly name?: string;
  readonly redirectUris?: readonly string[];
  readonly duplicateEmailPolicy?: DuplicateEmailPolicy;
}

/** Parses the `data` of a realm update: a partial update; `type`, when sent, must be the realm's. */
export const parseRealmChanges = (data: unknown): Parsed<RealmChanges> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: optional(field(data, 'type'), oneOf([AUTHENTICATION_REALM_TYPE])('data.type')),
          name: optional(field(data, 'name'), boundedString(1, REALM_NAME_MAX)('data.name')),
          redirectUris: optional(field(data, 'redirect_uris'), parseRedirectUris('data.redirect_uris')),
          duplicateEmailPolicy: optional(
            field(data, 'duplicate_email_policy'),
            oneOf(DUPLICATE_EMAIL_POLICIES)('data.duplicate_email_policy'),
          ),
        }),
        E.map(({ name, redirectUris, duplicateEmailPolicy }) => ({
          ...(name === undefined ? {} : { name }),
          ...(redirectUris === undefined ? {} : { redirectUris }),
          ...(duplicateEmailPolicy === undefined ? {} : { duplicateEmailPolicy }),
        })),
      )
    : E.left([issue('data', 'must be an object')]);

export const changeRealm = (realm: AuthenticationRealm, changes: RealmChanges, now: Date): AuthenticationRealm => ({
  ...realm,
  ...changes,
  updatedAt: now,
});
