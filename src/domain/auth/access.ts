/**
 * What an operation needs: reading the public catalogue (products, plans, offerings), editing it, reading
 * the store's other data (subscriptions and their states hold personal data), writing that data,
 * administering the store (credentials, settings, realm mappings), or managing its people and their roles
 * (`people`: an owner's, or a key with full access, which sets up the first owner).
 */
export type Access = 'catalogue' | 'edit-catalogue' | 'read' | 'write' | 'admin' | 'people';
