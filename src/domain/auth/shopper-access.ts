import type { Access } from './access.js';

/**
 * What a shopper (an implicit token with an account member token) may do on an operation that admits
 * shoppers: read its account's records, change the state of its account's subscriptions (cancel; pause
 * and resume where the plan allows), or read and change its own member's details and credentials in the
 * store's realm, where the store lets members manage themselves (`own-details`, on operations that are
 * otherwise the merchant's administration). Every other operation is the merchant's: EPCC asks
 * storefronts to "implement a BFF layer" with client credentials for those.
 */
export type ShopperAccess = 'read' | 'own-state' | 'own-details';

/** The header EPCC storefronts send the account member token in. */
export const ACCOUNT_MEMBER_TOKEN_HEADER = 'EP-Account-Management-Authentication-Token';

/** The guard an operation runs for a shopper: what it admits must not exceed what the operation does. */
export const shopperAccessFits = (access: Access, shopper: ShopperAccess): boolean => {
  switch (shopper) {
    case 'read':
      return access === 'read' || access === 'catalogue';
    case 'own-state':
      return access === 'write';
    case 'own-details':
      return access === 'admin';
  }
};
