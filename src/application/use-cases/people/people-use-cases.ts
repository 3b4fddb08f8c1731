// The use cases of the merchant's people and their console sessions, by the names the library exports
// them under: people-module.ts binds each of them, and src/index.ts re-exports this file whole.
export { StartConsoleSession } from './start-console-session.js';
