import type { PathItem } from './openapi-types.js';
import { jsonContent, operation } from './operation-builder.js';
import { closedObject, uri } from './schema-builders.js';

/**
 * The root page's policy: nothing to load, no script, no style; no other site may frame it. The page is
 * its links alone.
 */
export const SERVICE_ROOT_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Where the root points, by the name its JSON document gives each link. */
export const SERVICE_ROOT_LINKS = {
  console: { path: '/console', title: 'Operator console' },
  docs: { path: '/docs', title: 'API reference' },
  openapi: { path: '/v2/openapi.json', title: 'OpenAPI document' },
  health: { path: '/health', title: 'Health' },
} as const;

export const serviceRootPaths: Readonly<Record<string, PathItem>> = {
  '/': {
    get: operation({
      operationId: 'getServiceRoot',
      summary: 'Where to go from here',
      description:
        'Not in EPCC. For a browser (`Accept` preferring `text/html`) a small page linking to the operator console and the API reference; for any other client a JSON document of the same links, absolute, on the origin the links of the API use.',
      tag: 'API reference',
      access: 'public',
      database: false,
      extension: true,
      success: {
        '200': {
          description: 'The links, as a page or as a document, as `Accept` prefers (`Vary: Accept`).',
          content: {
            ...jsonContent(
              closedObject({
                links: closedObject(Object.fromEntries(Object.keys(SERVICE_ROOT_LINKS).map((name) => [name, uri]))),
              }),
            ),
            'text/html': { schema: { type: 'string' } },
          },
        },
      },
    }),
  },
};
