// The use cases of the merchant's people and their console sessions, by the names the library exports
// them under: people-module.ts binds each of them, and src/index.ts re-exports this file whole.
export { AuthenticateConsoleSession } from './authenticate-console-session.js';
export { DescribeConsoleSession } from './describe-console-session.js';
export { EndConsoleSession } from './end-console-session.js';
export { ListConsoleSignInMethods } from './list-console-sign-in-methods.js';
export { SignInToConsole } from './sign-in-to-console.js';
export { StartConsoleSession } from './start-console-session.js';
