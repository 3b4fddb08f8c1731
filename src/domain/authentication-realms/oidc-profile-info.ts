import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { issue } from '../shared/errors.js';
import { oneOf, required } from '../shared/literal.js';
import { boundedString } from '../shared/text.js';
import { parseUuid, type Uuid } from '../shared/uuid.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';

export const OIDC_PROFILE_INFO_TYPE = 'user_authentication_oidc_profile_info';
export const OIDC_PROFILE_INFO_NOT_FOUND = 'user authentication oidc profile info not found';
export const SUBJECT_LINKED = 'another user of the realm is linked to this subject of the profile';

/** OpenID Connect Core 1.0, 2: a `sub` is at most 255 ASCII characters; an issuer is a URL. */
export const SUBJECT_MAX = 255;
export const ISSUER_MAX = 2048;

/**
 * A person's link to an identity provider (EPCC's user-authentication-oidc-profile-info): the realm's user
 * (a merchant user in the merchant realm, an account member in the account realm) is who signs in when the
 * profile's provider vouches for `subject`. A profile has at most one link per subject.
 */
export interface OidcProfileInfo {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly realmId: Uuid;
  readonly userId: Uuid;
  readonly oidcProfileId: Uuid;
  readonly subject: string;
  readonly issuer: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface OidcProfileInfoFields {
  readonly oidcProfileId: Uuid;
  readonly subject: string;
  /** Absent, the profile's own issuer is kept. */
  readonly issuer?: string;
}

const typeOf = (data: Readonly<Record<string, unknown>>) =>
  oneOf([OIDC_PROFILE_INFO_TYPE])('data.type')(field(data, 'type'));
const subject = boundedString(1, SUBJECT_MAX);
const issuer = boundedString(1, ISSUER_MAX);
const profileId =
  (source: string) =>
  (input: unknown): Parsed<Uuid> => {
    const id = typeof input === 'string' ? parseUuid(input) : undefined;
    return id === undefined ? E.left([issue(source, 'must be the id of an OpenID Connect profile')]) : E.right(id);
  };

/** A new link: the profile (which cannot change later) and the provider's subject. */
export const parseNewOidcProfileInfo = (data: unknown): Parsed<OidcProfileInfoFields> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          oidcProfileId: required(profileId)('data.oidc_profile_id')(field(data, 'oidc_profile_id')),
          subject: required(subject)('data.subject')(field(data, 'subject')),
          issuer: optional(field(data, 'issuer'), issuer('data.issuer')),
        }),
        E.map(({ type: _type, issuer: given, ...fields }) =>
          given === undefined ? fields : { ...fields, issuer: given },
        ),
      )
    : E.left([issue('data', 'must be an object')]);

/** A partial update of `subject` and `issuer`; EPCC keeps `oidc_profile_id` as it was made. */
export const parseOidcProfileInfoChanges = (
  data: unknown,
): Parsed<{ readonly subject?: string; readonly issuer?: string }> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          subject: optional(field(data, 'subject'), subject('data.subject')),
          issuer: optional(field(data, 'issuer'), issuer('data.issuer')),
        }),
        E.map(({ subject: s, issuer: i }) => ({
          ...(s === undefined ? {} : { subject: s }),
          ...(i === undefined ? {} : { issuer: i }),
        })),
      )
    : E.left([issue('data', 'must be an object')]);
