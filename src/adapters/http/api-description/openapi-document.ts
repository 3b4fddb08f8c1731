import { createRequire } from 'node:module';
import {
  DEFAULT_SUBSCRIPTIONS_GENERATION,
  type SubscriptionsGeneration,
} from '../../../domain/settings/subscriptions-generation.js';
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
- **Browsers (CORS).** Operations marked \`x-cors: true\` (the token endpoints, the catalogue's reads) answer pages of other origins: preflights need no token, answers carry \`Access-Control-Allow-Origin\` for the origins the store's \`/v2/settings/cors\` allows (any by default), and never \`Access-Control-Allow-Credentials\`. The other operations answer only the deployment's \`CORS_ADMIN_ORIGINS\`.
- **Extensions.** Operations and members marked \`x-extension: true\` are not in EPCC; their descriptions say what they add.`;

const forGeneration = (generation: SubscriptionsGeneration) =>
  API_ENDPOINTS.flatMap((c) => c.endpoints).filter((e) => e.generation === undefined || e.generation === generation);

/**
 * Every concept's components in one map. Two concepts naming one component differently would leave one of
 * them documented by the other's schema: refused when the module loads.
 */
const merged = <T>(parts: readonly Readonly<Record<string, T>>[]): Record<string, T> => {
  const all: Record<string, T> = {};
  for (const part of parts)
    for (const [name, value] of Object.entries(part)) {
      if (name in all && JSON.stringify(all[name]) !== JSON.stringify(value))
        throw new Error(`two concepts declare the OpenAPI component ${name} differently`);
      all[name] = value;
    }
  return all;
};

const documentOf = (generation: SubscriptionsGeneration): OpenApiDocument => ({
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
    {
      name: 'Gateways',
      description:
        'The payment gateways a store pays through: whether each is enabled, its test mode and its credentials.',
    },
    { name: 'Subscription catalogue', description: 'Products and plans: the originals offerings copy.' },
    { name: 'Subscription offerings', description: 'What subscribers subscribe to: copies of products and plans.' },
    {
      name: 'Features',
      description: "The 2025 generation's features: access, promotions and metered allowances, each named by a tag.",
    },
    { name: 'Subscriptions', description: 'Subscriptions and their state changes.' },
    { name: 'Subscribers', description: 'The accounts, names and emails subscriptions bill.' },
    { name: 'Accounts', description: "The store's customers: organisations or households, with sub-accounts." },
    { name: 'Account members', description: 'The people who act for accounts and sign in to them.' },
    { name: 'Account memberships', description: 'Which member may act for which account.' },
    {
      name: 'Account authentication settings',
      description: 'How shoppers sign up, and how long their account member tokens live.',
    },
    {
      name: 'Authentication realms',
      description: "The store's account realm: password profiles, its users (account members) and their credentials.",
    },
    {
      name: 'Merchant users',
      description: "The merchant's people, who sign in to the console through the merchant realm, and their roles.",
    },
    { name: 'Account management authentication', description: 'Account member tokens: signing shoppers in.' },
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
    { name: 'Audit events', description: 'Who changed what in the store, when and from where (an extension).' },
    { name: 'Operations', description: 'Health, readiness and metrics.' },
    { name: 'API reference', description: 'This document and the page that renders it.' },
    {
      name: 'Console',
      description:
        'The operator console: a browser application served by the service, using this API with its session cookie.',
    },
    {
      name: 'Console sessions',
      description:
        "Signing in to the console with a key or as one of the merchant's people (through the store's merchant realm), its session cookie and CSRF token, and signing out.",
    },
  ],
  'x-generation': generation,
  paths: pathItems(forGeneration(generation)),
  components: {
    ...sharedComponents,
    schemas: {
      ...sharedComponents.schemas,
      ...merged(API_ENDPOINTS.map((c) => c.schemas)),
    },
    parameters: {
      ...sharedComponents.parameters,
      ...merged(API_ENDPOINTS.map((c) => c.parameters)),
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
});

/** One document per subscriptions generation: the endpoints both share, and that generation's own. */
export const API_DOCUMENTS: Readonly<Record<SubscriptionsGeneration, OpenApiDocument>> = {
  '2024': documentOf('2024'),
  '2025': documentOf('2025'),
};

/** The document of the default generation, which `/v2/openapi.json` serves. */
export const API_DOCUMENT: OpenApiDocument = API_DOCUMENTS[DEFAULT_SUBSCRIPTIONS_GENERATION];

/**
 * The document as served: its one server is the origin the API's links use for this request (with the
 * `/generations/<g>` prefix the request came under), its paths those of the generation it speaks.
 */
export const openApiDocument = (
  origin: string,
  generation: SubscriptionsGeneration = DEFAULT_SUBSCRIPTIONS_GENERATION,
): OpenApiDocument => ({
  ...API_DOCUMENTS[generation],
  servers: [{ url: origin, description: 'This service' }],
});
