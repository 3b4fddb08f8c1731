import type { Content, Header, PathItem } from './openapi-types.js';
import { operation } from './operation-builder.js';
import { arrayOf, closedObject, uri } from './schema-builders.js';

const TAG = 'API reference';

/** The reference page's static files, served from the installed swagger-ui-dist, and our own start-up script. */
export const DOCS_ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'docs-init.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
} as const;
export type DocsAsset = keyof typeof DOCS_ASSETS;

/**
 * The page's policy: every file it loads is ours ('self', no inline script), the document it renders
 * comes from this origin, and no other site may frame it ('frame-ancestors' and, for older browsers,
 * `X-Frame-Options`), so it cannot be used for clickjacking. Swagger UI sets inline styles and draws
 * icons from `data:` URLs; nothing else is allowed.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const text = (mediaType: string): Content => ({ [mediaType]: { schema: { type: 'string' } } });
const cacheControl: Header = {
  description: 'Kept for a year: the page asks for each file with a digest of its content in the query.',
  required: true,
  schema: { type: 'string' },
};

const assetPath = (file: DocsAsset): PathItem => ({
  get: operation({
    operationId: `getDocsAsset${file.replace(/(^|[-.])([a-z])/g, (_, __, c: string) => c.toUpperCase())}`,
    summary: `The reference page's ${file}`,
    description:
      file === 'docs-init.js'
        ? 'Starts Swagger UI on the document; a file rather than an inline script, so that a strict Content-Security-Policy allows it.'
        : 'Served from the installed swagger-ui-dist package.',
    tag: TAG,
    access: 'public',
    database: false,
    extension: true,
    success: {
      '200': {
        description: file,
        content: text(DOCS_ASSETS[file].replace('; charset=utf-8', '')),
        headers: { 'Cache-Control': cacheControl },
      },
    },
  }),
});

export const apiReferencePaths: Readonly<Record<string, PathItem>> = {
  '/v2/openapi.json': {
    get: operation({
      operationId: 'getOpenApiDocument',
      summary: 'This document',
      description:
        "Not in EPCC. The OpenAPI 3.1 document of this API, with `servers` set to the origin the API's links use.",
      tag: TAG,
      access: 'public',
      database: false,
      extension: true,
      success: {
        '200': {
          description: 'The document.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  openapi: { type: 'string', const: '3.1.1' },
                  info: { type: 'object' },
                  servers: arrayOf(closedObject({ url: uri, description: { type: 'string' } }), {
                    minItems: 1,
                    maxItems: 1,
                  }),
                  paths: { type: 'object' },
                  components: { type: 'object' },
                },
                required: ['openapi', 'info', 'servers', 'paths', 'components'],
              },
            },
          },
        },
      },
    }),
  },
  '/docs': {
    get: operation({
      operationId: 'getDocsPage',
      summary: 'The API reference page',
      description:
        'Not in EPCC. An HTML page rendering this document with Swagger UI; every file it loads comes from this service.',
      tag: TAG,
      access: 'public',
      database: false,
      extension: true,
      success: {
        '200': {
          description: 'The page.',
          content: text('text/html'),
          headers: {
            'Content-Security-Policy': {
              description: "Only this service's own files, and no framing by another site.",
              required: true,
              schema: { type: 'string', const: DOCS_CONTENT_SECURITY_POLICY },
            },
            'X-Frame-Options': {
              description: 'Always `DENY`, for browsers that do not read `frame-ancestors`.',
              required: true,
              schema: { type: 'string', const: 'DENY' },
            },
          },
        },
      },
    }),
  },
  ...Object.fromEntries((Object.keys(DOCS_ASSETS) as DocsAsset[]).map((file) => [`/docs/${file}`, assetPath(file)])),
};
