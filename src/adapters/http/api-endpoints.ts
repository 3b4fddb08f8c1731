import { INVOICE_ENDPOINTS } from './billing/invoice-endpoints.js';
import type { ConceptEndpoints } from './endpoints/endpoint.js';

/**
 * Every concept's endpoints, in the order the router tries them: the app mounts these and the API
 * description documents these, so the two cannot drift. A second generation of the API is a second list of
 * declarations over the same use cases.
 */
export const API_ENDPOINTS: readonly ConceptEndpoints[] = [INVOICE_ENDPOINTS];
