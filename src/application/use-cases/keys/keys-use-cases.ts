// The use cases of keys, by the names the library exports them under: keys-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { CreateApplicationKey } from './create-application-key.js';
export { DeleteApplicationKey } from './delete-application-key.js';
export { GetApplicationKey } from './get-application-key.js';
export { ListApplicationKeys } from './list-application-keys.js';
export { RotateApplicationKeySecret } from './rotate-application-key-secret.js';
export { UpdateApplicationKey } from './update-application-key.js';
