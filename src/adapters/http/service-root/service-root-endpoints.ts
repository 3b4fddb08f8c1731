import { concept } from '../endpoints/endpoint.js';
import { jsonContent } from '../openapi/operation-builder.js';
import { closedObject, uri } from '../openapi/schema-builders.js';

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
const SERVICE_ROOT_LINKS = {
  console: { path: '/console', title: 'Operator console' },
  docs: { path: '/docs', title: 'API reference' },
  openapi: { path: '/v2/openapi.json', title: 'OpenAPI document' },
  health: { path: '/health', title: 'Health' },
} as const;

const rootPage = (): string => `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>commerce-core</title>
    <link rel="icon" href="data:,">
  </head>
  <body>
    <h1>commerce-core</h1>
    <ul>
${Object.values(SERVICE_ROOT_LINKS)
  .map(({ path, title }) => `      <li><a href="${path}">${title}</a> <code>${path}</code></li>`)
  .join('\n')}
    </ul>
  </body>
</html>
`;

/**
 * `GET /`: where a person who opens the service's address, or a client that asks it, goes next. A browser
 * gets a page of links; any other client (no `Accept`, `*` or JSON first) the same links as JSON.
 */
export const SERVICE_ROOT_ENDPOINTS = concept<undefined>({
  useCases: () => undefined,
  endpoints: [
    {
      method: 'get',
      path: '/',
      spec: {
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
      },
      handle:
        (_, { links }) =>
        (ctx) => {
          ctx.set('Vary', 'Accept');
          ctx.set('Cache-Control', 'no-cache');
          if (ctx.accepts('json', 'html') === 'html') {
            ctx.set('Content-Security-Policy', SERVICE_ROOT_CONTENT_SECURITY_POLICY);
            ctx.set('X-Frame-Options', 'DENY');
            ctx.type = 'text/html; charset=utf-8';
            ctx.body = rootPage();
            return;
          }
          const origin = links(ctx);
          ctx.body = {
            links: Object.fromEntries(
              Object.entries(SERVICE_ROOT_LINKS).map(([name, { path }]) => [name, `${origin}${path}`]),
            ),
          };
        },
    },
  ],
});
