import type { Middleware } from 'koa';
import { consoleBuild, consolePage, pickEncoding } from '../console-assets.js';
import { concept } from '../endpoints/endpoint.js';
import { errorDocument } from '../error-documents.js';
import type { HttpState } from '../http-state.js';
import type { Content, Header } from '../openapi/openapi-types.js';

const TAG = 'Console';

/**
 * The console's policy: its one script and one style sheet come from this service (no inline script or
 * style), it talks only to this origin's API, and no other site may frame it. `data:` images only for
 * the empty favicon, which keeps the browser from asking for /favicon.ico.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const text = (mediaType: string): Content => ({ [mediaType]: { schema: { type: 'string' } } });
const header = (description: string, schema: Header['schema'] = { type: 'string' }, required = true): Header => ({
  description,
  required,
  schema,
});

/** A year: each file's name carries a digest of its content, so a changed file has a new address. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'this package was built without the console (npm run build makes it)';

/** The console's page, under its policy: at `/console`, and at a store's sign-in address. */
export const serveConsolePage =
  (dir: URL | undefined): Middleware<HttpState> =>
  async (ctx) => {
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
  };

/** `GET /console` and the files it loads: a page any browser can open; every API call it makes needs a session or a token. */
export const CONSOLE_ENDPOINTS = concept<{ readonly dir: URL | undefined }>({
  useCases: ({ consoleBuildDir }) => ({ dir: consoleBuildDir }),
  endpoints: [
    {
      method: 'get',
      path: '/console',
      spec: {
        operationId: 'getConsolePage',
        summary: 'The operator console',
        description:
          "Not in EPCC. The page of the operator console, a browser application that signs in at `POST /console/session` (with an application key's client id and secret, or as one of the merchant's people at `/console/login/{prefix}`) and then uses this API with its session cookie, which no script can read.",
        tag: TAG,
        access: 'public',
        database: false,
        extension: true,
        success: {
          '200': {
            description: "The page, loading the console's script and style sheet by their digest-bearing names.",
            content: text('text/html'),
            headers: {
              'Content-Security-Policy': header(
                "Only this service's own files and API, no inline script or style, no framing.",
                { type: 'string', const: CONSOLE_CONTENT_SECURITY_POLICY },
              ),
              'X-Frame-Options': header('Always `DENY`, for browsers that do not read `frame-ancestors`.', {
                type: 'string',
                const: 'DENY',
              }),
            },
          },
        },
        errors: { 404: 'The package was built without the console.' },
      },
      handle: ({ dir }) => serveConsolePage(dir),
    },
    {
      method: 'get',
      path: '/console/assets/{file}',
      spec: {
        operationId: 'getConsoleAsset',
        summary: 'One file of the operator console',
        description:
          "Not in EPCC. The console's script or style sheet; the name carries a digest of the content, so the file is cached for good. Brotli or gzip when the request accepts it.",
        tag: TAG,
        access: 'public',
        database: false,
        extension: true,
        parameters: [
          {
            name: 'file',
            in: 'path',
            required: true,
            description: 'A file name from the page, such as `main-3FQ2XK7A.js`.',
            schema: { type: 'string' },
          },
        ],
        success: {
          '200': {
            description: 'The file.',
            content: { ...text('text/javascript'), ...text('text/css') },
            headers: {
              'Cache-Control': header('Kept for a year: the name changes when the content does.'),
              Vary: header('`Accept-Encoding`.'),
              'Content-Encoding': header(
                '`br` or `gzip` when the request accepted one.',
                { type: 'string', enum: ['br', 'gzip'] },
                false,
              ),
            },
          },
        },
        errors: { 404: "No file of this name in the console's build, or no console in this package." },
      },
      handle:
        ({ dir }) =>
        async (ctx) => {
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
        },
    },
  ],
});
