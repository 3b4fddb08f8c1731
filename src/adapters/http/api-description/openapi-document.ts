import { createRequire } from 'node:module';
import { API_ENDPOINTS } from '../api-endpoints.js';
import { pathItems } from '../endpoints/path-items.js';
import type { OpenApiDocument } from '../openapi/openapi-types.js';
import { responseRef } from '../openapi/schema-builders.js';
import { sharedComponents } from '../openapi/shared-components.js';

// The package's own version, read where it is installed, so the document never states another.
const { version } = createRequire(import.meta.url)('../../../../package.json') as { version: string };

const DESCRIPTION = `An open, self-hostable commerce API core compatible with Elastic Path Commerce Cloud (EPCC): application keys, merchant realm mappings and subscriptions.

- **Authentication.** Exchange an application key for a bearer token at \`POST /oauth/access_token\`; every other operation needs \`Authorization: Bearer <token>\` except those marked with no security.
- **Documents.** JSON in and out; write bodies are \`{"data": {...}}\` and unknown members of \`data\` are ignored. Every error is an error document (\`ErrorDocument\`); a validation failure lists every problem.
- **Paths.** A path item with \`x-also-served-at\` is served at that path too, with the same operations: the subscriptions routes answer with and without the \`/v2\` prefix, and the account-membership settings also at \`/v2/settings/account-memberships\`, their spelling before EPCC's. GET operations also answer HEAD.
- **Other answers.** \`x-unrouted-responses\` lists what any request may get before it reaches an operation: 408 and 431 from the HTTP server for any request, and 400, 404, 405, 415, 500 or 501 for a request that no operation matches (its body is never read).
- **Extensions.** Operations and members marked \`x-extension: true\` are not in EPCC; their descriptions say what they add.`;

export const API_DOCUMENT: OpenApiDocument = {
  openapi: '3.1.1',
  info: {
    title: 'commerce-core',
    version,
    description: DESCRIPTION,
    license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
  },
  jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
  servers: [],
  security: [{ bearer: [] }],
  tags: [
    { name: 'Tokens', description: 'Bearer tokens for application keys.' },
    { name: 'Application keys', description: "A store's client credentials, with reserved request rates." },
    { name: 'Merchant realm mappings', description: "A store's login prefix and its authentication realm." },
    { name: 'Settings', description: "A store's settings." },
    { name: 'Subscription catalogue', description: 'Products and plans: the originals offerings copy.' },
    { name: 'Subscription offerings', description: 'What subscribers subscribe to: copies of products and plans.' },
    { name: 'Subscriptions', description: 'Subscriptions and their state changes.' },
    { name: 'Subscribers', description: 'The accounts, names and emails subscriptions bill.' },
    { name: 'Proration policies', description: 'How subscriptions are charged for part of a billing period.' },
    {
      name: 'Imports',
      description: 'JSONL files of products, plans, subscribers, offerings and subscriptions to create, run as jobs.',
    },
    { name: 'Dunning rules', description: 'How failed payments are retried, and what follows when they all fail.' },
    {
      name: 'Invoices',
      description: 'Invoices of billing periods, made by billing runs, and the payments that settle them.',
    },
    {
      name: 'Jobs',
      description: 'Billing, tax and payment runs, run in the background one at a time per store and kind.',
    },
    { name: 'Schedules', description: 'Cron specifications that start billing, tax and payment runs.' },
    {
      name: 'Test clock',
      description: "A store's own time, moved forward by hand, for testing billing over months (`TEST_CLOCKS=on`).",
    },
    {
      name: 'Integrations',
      description: "Webhooks told about the store's observable events, with their jobs and delivery logs.",
    },
    { name: 'Operations', description: 'Health, readiness and metrics.' },
    { name: 'API reference', description: 'This document and the page that renders it.' },
    {
      name: 'Console',
      description:
        'The operator console: a browser application served by the service, using this API with a client-credentials token.',
    },
  ],
  paths: {
    ...pathItems(API_ENDPOINTS.flatMap((c) => c.endpoints)),
  },
  components: {
    ...sharedComponents,
    schemas: {
      ...sharedComponents.schemas,
      ...Object.assign({}, ...API_ENDPOINTS.map((c) => c.schemas)),
    },
    parameters: {
      ...sharedComponents.parameters,
      ...Object.assign({}, ...API_ENDPOINTS.map((c) => c.parameters)),
    },
  },
  'x-unrouted-responses': {
    '400': responseRef('MalformedRequest'),
    '404': responseRef('RouteNotFound'),
    '405': responseRef('MethodNotAllowed'),
    '408': responseRef('RequestTimeout'),
    '415': responseRef('UnsupportedMediaType'),
    '431': responseRef('RequestHeaderFieldsTooLarge'),
    '500': responseRef('InternalServerError'),
    '501': responseRef('NotImplemented'),
  },
};

/** The document as served: its one server is the origin the API's links use for this request. */
export const openApiDocument = (origin: string): OpenApiDocument => ({
  ...API_DOCUMENT,
  servers: [{ url: origin, description: 'This service' }],
});
