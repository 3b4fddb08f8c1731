// The use cases of features, by the names the library exports them under: features-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { CreateFeature, DeleteFeature, GetFeature, ListFeatures, UpdateFeature } from './features.js';
