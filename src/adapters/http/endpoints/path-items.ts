import { openToBrowsers } from '../cors/browser-routes.js';
import type { Operation, PathItem } from '../openapi/openapi-types.js';
import { operation } from '../openapi/operation-builder.js';
import type { Endpoint } from './endpoint.js';

type MutablePathItem = { -readonly [K in keyof PathItem]: PathItem[K] };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The OpenAPI path items of endpoints: each path once, with the operations declared on it. The endpoints
 * of one path must agree on what belongs to the path (its parameters, where else it is served).
 */
export const pathItems = (endpoints: readonly Endpoint<never>[]): Readonly<Record<string, PathItem>> => {
  const items = new Map<string, MutablePathItem>();
  for (const endpoint of endpoints) {
    const item = items.get(endpoint.path) ?? {};
    if (item[endpoint.method] !== undefined)
      throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path} is declared twice`);
    const shared: Pick<PathItem, 'parameters' | 'x-also-served-at'> = {
      ...(endpoint.pathParameters === undefined ? {} : { parameters: endpoint.pathParameters }),
      ...(endpoint.alsoAt === undefined ? {} : { 'x-also-served-at': endpoint.alsoAt }),
    };
    if (items.has(endpoint.path) && !same(shared.parameters, item.parameters))
      throw new Error(`the endpoints of ${endpoint.path} declare different path parameters`);
    if (items.has(endpoint.path) && shared['x-also-served-at'] !== item['x-also-served-at'])
      throw new Error(`the endpoints of ${endpoint.path} are also served at different paths`);
    const built: Operation = {
      ...operation(endpoint.spec),
      ...(openToBrowsers(endpoint) ? { 'x-cors': true as const } : {}),
    };
    items.set(endpoint.path, { ...shared, ...item, [endpoint.method]: built });
  }
  return Object.fromEntries(items);
};
