import type Router from '@koa/router';
import { consoleBuild, consolePage, pickEncoding } from '../console-assets.js';
import { errorDocument } from '../error-documents.js';
import type { HttpState } from '../http-state.js';
import { CONSOLE_CONTENT_SECURITY_POLICY } from '../openapi/console-paths.js';

/** A year: each file's name carries a digest of its content, so a changed file has a new address. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'this package was built without the console (npm run build makes it)';

/** `GET /console` and the files it loads: a page any browser can open; every API call it makes needs a token. */
export const consoleRoutes = (router: Router<HttpState>, dir?: URL): void => {
  router.get('/console', async (ctx) => {
    const build = await consoleBuild(dir);
    if (build === undefined) {
      ctx.status = 404;
      ctx.body = errorDocument(404, NOT_BUILT, 'not_found');
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Security-Policy', CONSOLE_CONTENT_SECURITY_POLICY);
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = consolePage(build);
  });
  router.get('/console/assets/:file', async (ctx) => {
    const build = await consoleBuild(dir);
    const file = build?.files.get(ctx.params['file'] ?? '');
    if (file === undefined) {
      ctx.status = 404;
      ctx.body = errorDocument(
        404,
        build === undefined ? NOT_BUILT : 'the console has no file of this name',
        'not_found',
      );
      return;
    }
    const encoding = pickEncoding(ctx.get('Accept-Encoding') || undefined);
    ctx.set('Cache-Control', ASSET_CACHE);
    ctx.set('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
    ctx.type = file.type;
    ctx.body = file[encoding];
  });
};
