// The use cases of idempotency, by the names the library exports them under: idempotency-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { IdempotentRequests } from './idempotent-requests.js';
