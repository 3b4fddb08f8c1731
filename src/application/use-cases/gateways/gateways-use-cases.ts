// The use cases of payment gateways' settings, by the names the library exports them under:
// gateways-module.ts binds each of them, and src/index.ts re-exports this file whole. Use cases only.
export { GetGateway } from './get-gateway.js';
export { ListGateways } from './list-gateways.js';
export { UpdateGateway } from './update-gateway.js';
