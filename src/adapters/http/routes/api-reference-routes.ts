import type Router from '@koa/router';
import { docsFiles, docsPage, OPENAPI_PATH } from '../docs-assets.js';
import type { HttpState } from '../http-state.js';
import type { LinkOrigin } from '../link-origin.js';
import { DOCS_ASSETS, DOCS_CONTENT_SECURITY_POLICY, type DocsAsset } from '../openapi/api-reference-paths.js';
import { openApiDocument } from '../api-description/openapi-document.js';

/** A year: the page names each file with a digest of its content, so a changed file has a new address. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';

/** `GET /v2/openapi.json`, and `GET /docs` with the files it loads; none needs a token. */
export const apiReferenceRoutes = (router: Router<HttpState>, links: LinkOrigin): void => {
  router.get(OPENAPI_PATH, (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = openApiDocument(links(ctx));
  });
  router.get('/docs', async (ctx) => {
    const files = await docsFiles();
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = docsPage(files);
  });
  for (const file of Object.keys(DOCS_ASSETS) as DocsAsset[]) {
    router.get(`/docs/${file}`, async (ctx) => {
      const asset = (await docsFiles()).get(file);
      if (asset === undefined) throw new Error(`the reference page has no ${file}`);
      ctx.set('Cache-Control', ASSET_CACHE);
      ctx.type = asset.type;
      ctx.body = asset.body;
    });
  }
};
