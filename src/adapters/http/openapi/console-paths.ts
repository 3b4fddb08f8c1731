import type { Content, Header } from './openapi-types.js';
import { operation } from './operation-builder.js';

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

export const consolePaths = {
  '/console': {
    get: operation({
      operationId: 'getConsolePage',
      summary: 'The operator console',
      description:
        "Not in EPCC. The page of the operator console, a browser application that signs in with a client id and secret at `POST /oauth/access_token` and then uses this API like any client; the token stays in the tab's memory.",
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
    }),
  },
  '/console/assets/{file}': {
    get: operation({
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
    }),
  },
};
