import type { Parameter } from '../openapi/openapi-types.js';

type Params = { readonly params: Readonly<Record<string, string | undefined>> };

const pathId = (name: string, description: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description: `${description} An id that is not a UUID, or not the store's, is answered 404.`,
  schema: { type: 'string', format: 'uuid' },
});

/** EPCC's path parameter names, so that its SDKs' calls read as its documents write them. */
export const REALM_PARAMETER = pathId('realmId', "The store's account authentication realm.");
export const PROFILE_PARAMETER = pathId('passwordProfileId', 'A password profile of the realm.');
export const USER_PARAMETER = pathId('userAuthenticationInfoId', "A user of the realm: an account member's id.");
export const CREDENTIAL_PARAMETER = pathId(
  'userAuthenticationPasswordProfileInfoId',
  "One of the user's usernames and passwords.",
);

export const realmParam = (ctx: Params): string => ctx.params['realmId'] ?? '';
export const profileParam = (ctx: Params): string => ctx.params['passwordProfileId'] ?? '';
export const userParam = (ctx: Params): string => ctx.params['userAuthenticationInfoId'] ?? '';
export const credentialParam = (ctx: Params): string => ctx.params['userAuthenticationPasswordProfileInfoId'] ?? '';
