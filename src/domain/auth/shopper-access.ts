import type { Access } from './access.js';

/**
 * What a shopper (an implicit token with an account member token) may do on an operation that admits
 * shoppers: read its account's records, or also change the state of its account's subscriptions
 * (cancel; pause and resume where the plan allows). Every other operation is the merchant's: EPCC asks
 * storefronts to "implement a BFF layer" with client credentials for those.
 */
export type ShopperAccess = 'read' | 'own-state';

/** The header EPCC storefronts send the account member token in. */
export const ACCOUNT_MEMBER_TOKEN_HEADER = 'EP-Account-Management-Authentication-Token';

/** The guard an operation runs for a shopper: what it admits must not exceed what the operation does. */
export const shopperAccessFits = (access: Access, shopper: ShopperAccess): boolean =>
  shopper === 'read' ? access === 'read' || access === 'catalogue' : access === 'write';
