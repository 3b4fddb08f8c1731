import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import { DOCS_ASSETS, type DocsAsset, docsFiles, docsPage, OPENAPI_PATH } from '../docs-assets.js';
import { concept, type Endpoint } from '../endpoints/endpoint.js';
import type { Content, Header, OpenApiDocument } from '../openapi/openapi-types.js';
import { arrayOf, closedObject, uri } from '../openapi/schema-builders.js';

const TAG = 'API reference';

/**
 * The page's policy: every file it loads is ours ('self', no inline script), the document it renders
 * comes from this origin, and no other site may frame it ('frame-ancestors' and, for older browsers,
 * `X-Frame-Options`), so it cannot be used for clickjacking. Swagger UI sets inline styles and draws
 * icons from `data:` URLs; nothing else is allowed.
 */
const DOCS_CONTENT_SECURITY_POLICY = [
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

/** A year: the page names each file with a digest of its content, so a changed file has a new address. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';

interface ApiReferenceUseCases {
  /** The document as served on an origin: assembled from every endpoint, so it is handed in rather than imported. */
  readonly document: (origin: string, generation?: SubscriptionsGeneration) => OpenApiDocument;
}

const assetEndpoint = (file: DocsAsset): Endpoint<ApiReferenceUseCases> => ({
  method: 'get',
  path: `/docs/${file}`,
  spec: {
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
  },
  handle: () => async (ctx) => {
    const asset = (await docsFiles()).get(file);
    if (asset === undefined) throw new Error(`the reference page has no ${file}`);
    ctx.set('Cache-Control', ASSET_CACHE);
    ctx.type = asset.type;
    ctx.body = asset.body;
  },
});

/** `GET /v2/openapi.json`, and `GET /docs` with the files it loads; none needs a token. */
export const API_REFERENCE_ENDPOINTS = concept<ApiReferenceUseCases>({
  useCases: ({ apiDocument }) => ({ document: apiDocument }),
  endpoints: [
    {
      method: 'get',
      path: OPENAPI_PATH,
      spec: {
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
      },
      handle:
        ({ document }, { links }) =>
        (ctx) => {
          ctx.set('Cache-Control', 'no-cache');
          ctx.body = document(links(ctx), ctx.state.generation);
        },
    },
    {
      method: 'get',
      path: '/docs',
      spec: {
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
      },
      handle: () => async (ctx) => {
        const files = await docsFiles();
        ctx.set('Cache-Control', 'no-cache');
        ctx.set('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
        ctx.set('X-Frame-Options', 'DENY');
        ctx.set('Referrer-Policy', 'no-referrer');
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = docsPage(files);
      },
    },
    ...(Object.keys(DOCS_ASSETS) as DocsAsset[]).map(assetEndpoint),
  ],
});
