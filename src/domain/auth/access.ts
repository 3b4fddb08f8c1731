/**
 * What an operation needs: reading the public catalogue (products, plans, offerings), editing it, reading
 * the store's other data (subscriptions and their states hold personal data), writing that data, or
 * administering the store (credentials, settings, realm mappings).
 */
export type Access = 'catalogue' | 'edit-catalogue' | 'read' | 'write' | 'admin';
