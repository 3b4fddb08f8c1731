// The use cases of auth, by the names the library exports them under: auth-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { AuthenticateBearer } from './authenticate-bearer.js';
export { AuthenticateShopper } from './authenticate-shopper.js';
export { FailedAuthentications } from './failed-authentications.js';
export { IssueAccessToken } from './issue-access-token.js';
export { PurgeExpiredTokens } from './purge-expired-tokens.js';
export { RevokeAccessToken } from './revoke-access-token.js';
