import type Router from '@koa/router';
import type { HttpState } from '../http-state.js';
import type { LinkOrigin } from '../link-origin.js';
import { SERVICE_ROOT_CONTENT_SECURITY_POLICY, SERVICE_ROOT_LINKS } from '../openapi/service-root-paths.js';

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
export const serviceRootRoutes = (router: Router<HttpState>, links: LinkOrigin): void => {
  router.get('/', (ctx) => {
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
  });
};
