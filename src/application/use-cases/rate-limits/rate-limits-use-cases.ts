// The use cases of rate limits, by the names the library exports them under: rate-limits-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { AdmitRequest } from './admit-request.js';
