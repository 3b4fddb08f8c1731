import type { ConsoleSessionView } from '../../../application/use-cases/people/describe-console-session.js';
import type { ConsoleSignInMethods } from '../../../application/use-cases/people/list-console-sign-in-methods.js';
import { MERCHANT_USER_TYPE } from '../../../domain/people/merchant-user.js';
import { ROLES } from '../../../domain/people/role.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  arrayOf,
  closedObject,
  constant,
  dataDocument,
  oneOfStrings,
  openObject,
  text,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';
import { formatTimestamp } from '../timestamps.js';

export const CONSOLE_SESSION_TYPE = 'console_session';
export const CONSOLE_SIGN_IN_METHODS_TYPE = 'console_sign_in_methods';
const APPLICATION_KEY_TYPE = 'application_key';

/** Where the console starts a sign-in through an OpenID Connect profile of the store's merchant realm. */
export const oidcSignInPath = (prefix: string, profileId: string): string =>
  `/console/login/${encodeURIComponent(prefix)}/oidc/${profileId}`;

/** The session as the console reads it: never its id, which is in the cookie alone. */
export const consoleSessionResource = (view: ConsoleSessionView) => ({
  type: CONSOLE_SESSION_TYPE,
  actor:
    view.who.kind === 'user'
      ? {
          type: MERCHANT_USER_TYPE,
          id: view.who.user.id,
          name: view.who.user.name,
          email: view.who.user.email,
          role: view.who.user.role,
        }
      : { type: APPLICATION_KEY_TYPE, id: view.who.id },
  store: { id: view.store.id, name: view.store.name },
  csrf_token: view.csrfToken,
  expires_at: { idle: formatTimestamp(view.idleExpiresAt), absolute: formatTimestamp(view.expiresAt) },
});

export const signInMethodsResource = (methods: ConsoleSignInMethods) => ({
  type: CONSOLE_SIGN_IN_METHODS_TYPE,
  prefix: methods.prefix,
  store: { name: methods.store.name },
  password_profiles: methods.passwordProfiles.map(({ id, name }) => ({ id, name })),
  openid_connect_profiles: methods.oidcProfiles.map(({ id, name }) => ({
    id,
    name,
    authorization_url: oidcSignInPath(methods.prefix, id),
  })),
});

const actor: Schema = {
  oneOf: [
    closedObject({
      type: constant(MERCHANT_USER_TYPE),
      id: uuid,
      name: { type: 'string' },
      email: { type: 'string' },
      role: oneOfStrings(ROLES),
    }),
    closedObject({ type: constant(APPLICATION_KEY_TYPE), id: uuid }),
  ],
};

const session: Schema = closedObject({
  type: constant(CONSOLE_SESSION_TYPE),
  actor: { ...actor, description: 'Who the session acts for: one of the merchant’s people, or an application key.' },
  store: closedObject({ id: uuid, name: { type: 'string' } }),
  csrf_token: {
    type: 'string',
    description: 'Send it as `X-CSRF-Token` with every write made with the session cookie.',
  },
  expires_at: closedObject(
    { idle: timestamp, absolute: timestamp },
    [],
    'The session ends at `idle` unless used before (each use moves it on), and at `absolute` however used.',
  ),
});

const profile: Schema = closedObject({ id: uuid, name: { type: 'string' } });

export const CONSOLE_SESSION_SCHEMAS: Readonly<Record<string, Schema>> = {
  ConsoleSession: dataDocument(session),
  ConsoleSignIn: {
    oneOf: [
      openObject(
        { client_id: text(1, 512), client_secret: text(1, 512) },
        ['client_id', 'client_secret'],
        'An application key.',
      ),
      openObject(
        {
          prefix: text(2, 24),
          username: text(1, 255),
          password: text(1, 256),
          password_profile_id: {
            ...uuid,
            description: 'The profile, when the realm has several; without it each is tried, oldest first.',
          },
        },
        ['prefix', 'username', 'password'],
        "One of the merchant's people, through the merchant realm the prefix names.",
      ),
    ],
  },
  ConsoleSignInMethods: dataDocument(
    closedObject({
      type: constant(CONSOLE_SIGN_IN_METHODS_TYPE),
      prefix: { type: 'string', description: 'The prefix, in lower case.' },
      store: closedObject({ name: { type: 'string' } }),
      password_profiles: arrayOf(profile),
      openid_connect_profiles: arrayOf(
        closedObject({
          id: uuid,
          name: { type: 'string' },
          authorization_url: { type: 'string', description: 'A path on this service that starts the sign-in.' },
        }),
      ),
    }),
  ),
};
