import type { PathItem } from '../openapi/openapi-types.js';

/**
 * A subscriptions path item under `/v2`, marked as served without the prefix too: EPCC clients send
 * `/v2`, the seed's clients do not, and both reach the same handlers.
 */
export const subscriptionPath = (path: string, item: PathItem): Readonly<Record<string, PathItem>> => ({
  [`/v2${path}`]: { ...item, 'x-also-served-at': path },
});

export const SUBSCRIPTIONS_EPCC =
  'As EPCC (`openapispecs/subscriptions/public_openapi.yaml` in elasticpath/elasticpath-dev).';
