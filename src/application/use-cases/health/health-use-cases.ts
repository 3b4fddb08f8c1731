// The use cases of health, by the names the library exports them under: health-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { CheckHealth } from './check-health.js';
export { CheckReadiness } from './check-readiness.js';
