import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FormatsPlugin } from 'ajv-formats';
import type { Exchange } from './openapi-contract.js';

const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;

type Json = Readonly<Record<string, unknown>>;
interface EpccOperation {
  readonly operationId: string;
  readonly responses: Readonly<Record<string, unknown>>;
  readonly requestBody?: unknown;
}
interface EpccDocument {
  readonly 'x-vendored-from': Json;
  readonly paths: Readonly<Record<string, Readonly<Record<string, EpccOperation>>>>;
  readonly components: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

const vendored = (name: string): EpccDocument =>
  JSON.parse(readFileSync(new URL(`epcc/${name}`, import.meta.url), 'utf8')) as EpccDocument;

/**
 * Where we answer otherwise than EPCC's subscriptions document, on purpose, each with why; the document is
 * patched here, in one place, so that every other answer is still held to it.
 * - The seed names a payment authority of its own, `platform_payments_processor`; the seed wins where it
 *   speaks, so it is a third authority beside EPCC's two.
 * - UpdateOfferingProduct answers the offering's copy of the product (`subscription_offering_product`), as
 *   EPCC's own ListOfferingProducts does for the same resource; its document names the catalogue Product.
 * - `meta.active_plan` is null on a plan the subscription is not on, as ActivePlan's own description says;
 *   its schema says boolean only.
 * - A pending subscription goes live by a state action of ours, `go_live`, which its history then shows.
 */
const withOurDivergences = (document: EpccDocument): EpccDocument => {
  const schemas = document.components['schemas'] as Record<string, Record<string, unknown>>;
  const authority = schemas['PaymentAuthority']!;
  schemas['SeedPaymentAuthority'] = {
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string', enum: ['platform_payments_processor'] } },
  };
  authority['oneOf'] = [...(authority['oneOf'] as unknown[]), { $ref: '#/components/schemas/SeedPaymentAuthority' }];
  schemas['ActivePlan'] = { ...schemas['ActivePlan'], nullable: true };
  const action = schemas['SubscriptionStateAction']!;
  action['enum'] = [...(action['enum'] as unknown[]), 'go_live'];
  const update = document.paths['/subscriptions/offerings/{offering_uuid}/products/{product_uuid}']!['put']!.responses[
    '200'
  ] as {
    content: { 'application/json': { schema: { properties: { data: { $ref: string } } } } };
  };
  update.content['application/json'].schema.properties.data.$ref = '#/components/schemas/OfferingProduct';
  return document;
};

/**
 * Where EPCC's integrations document cannot be met as written, patched in one place:
 * - `configuration` is a oneOf of three schemas, and a webhook's `{url, secret_key}` also fits STOMP's
 *   (only `url` required, no other member closed off): no webhook could ever satisfy it, so it is an anyOf.
 * - IntegrationCreate requires `observers`, a member its own properties, examples and Postman collection
 *   call `observes`: the request schema is held to `observes`.
 * - Its ErrorBody has `status` as an integer; every error of ours carries it as a string (CONTRACT section 1),
 *   as EPCC's other documents do.
 */
const withIntegrationDivergences = (document: EpccDocument): EpccDocument => {
  const schemas = document.components['schemas'] as Record<string, Record<string, Record<string, unknown>>>;
  for (const name of ['Integration', 'IntegrationCreate', 'IntegrationUpdate']) {
    const configuration = schemas[name]!['properties']!['configuration'] as Record<string, unknown>;
    configuration['anyOf'] = configuration['oneOf'];
    delete configuration['oneOf'];
  }
  (schemas['ErrorBody']!['properties'] as Record<string, unknown>)['status'] = { type: ['integer', 'string'] };
  const create = schemas['IntegrationCreate'] as unknown as { required: string[] };
  create.required = create.required.map((name) => (name === 'observers' ? 'observes' : name));
  return document;
};

/**
 * Where EPCC's 2026-10 subscriptions document cannot be met as written, patched in one place:
 * - a proration preview's `rejection_reason` is required, `nullable: true`, and "returned alongside
 *   `would_prorate: false`": null when the switch would prorate. Its `enum` does not list null, which
 *   OpenAPI 3.0 requires for a nullable enum, so no answer that prorates could be valid.
 * - a job's attributes are a oneOf told apart by the discriminator `job_type`, which JSON Schema has not:
 *   each branch only requires `job_type`, so every job fits several. Each branch is held to its own
 *   `job_type`, as the discriminator's mapping says.
 */
const withCurrentDivergences = (document: EpccDocument): EpccDocument => {
  const schemas = document.components['schemas'] as Record<string, Record<string, unknown>>;
  const { mapping } = (schemas['JobCreateAttributes']!['discriminator'] as { mapping: Record<string, string> }) ?? {};
  for (const [jobType, ref] of Object.entries(mapping)) {
    const branch = schemas[ref.slice('#/components/schemas/'.length)] as { properties: Record<string, unknown> };
    branch.properties['job_type'] = { type: 'string', enum: [jobType] };
  }
  const attributes = schemas['ProrationPreviewAttributes'] as { properties: Record<string, { enum: unknown[] }> };
  const reason = attributes.properties['rejection_reason']!;
  reason.enum = [...reason.enum, null];
  return document;
};

/** The subscriptions generation an answer is held to: 2024's document, or the current one (2026-10, then 2025-08). */
export type EpccGeneration = '2024' | '2025';

/**
 * EPCC's own documents for the operations we claim: its subscriptions API of 2024, whose server URL ends in
 * `/v2` (we serve it with and without that prefix), the account-membership settings of its accounts API, its
 * integrations API, and the current subscriptions generation, whose 2026-10 document writes `/v2` in its paths
 * (`stripV2`: matched like the others) and is additive over 2025-08, which only answers for what 2026-10 dropped.
 */
const EPCC_DOCUMENTS: readonly {
  readonly name: string;
  readonly document: EpccDocument;
  readonly prefixes: readonly string[];
  readonly generations: readonly EpccGeneration[];
  readonly stripV2?: boolean;
}[] = [
  {
    name: 'subscriptions',
    document: withOurDivergences(vendored('subscriptions-openapi.json')),
    prefixes: ['/v2', ''],
    generations: ['2024'],
  },
  {
    name: 'subscriptions-2026-10',
    document: withCurrentDivergences(vendored('subscriptions-2026-10-openapi.json')),
    prefixes: ['/v2', ''],
    generations: ['2025'],
    stripV2: true,
  },
  {
    name: 'subscriptions-2025-08',
    document: vendored('subscriptions-2025-08-openapi.json'),
    prefixes: ['/v2', ''],
    generations: ['2025'],
  },
  {
    name: 'accounts',
    document: vendored('account-membership-settings-openapi.json'),
    prefixes: [''],
    generations: ['2024', '2025'],
  },
  {
    name: 'integrations',
    document: withIntegrationDivergences(vendored('integrations-openapi.json')),
    prefixes: ['/v2'],
    generations: ['2024', '2025'],
  },
];

/** The path prefix that pins a generation, whatever the store speaks. */
const GENERATION_PREFIX = /^\/generations\/(2024|2025)(?=\/)/;

const METHODS = ['get', 'put', 'post', 'delete'] as const;

/**
 * An OpenAPI 3.0/3.1 schema as JSON Schema for Ajv: examples, vendor keys and the discriminator (its oneOf
 * still applies) are annotations; EPCC's `format: string` says nothing and `format: UUID` means uuid.
 */
const jsonSchema = (value: unknown, id: string): unknown => {
  if (Array.isArray(value)) return value.map((v) => jsonSchema(v, id));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).flatMap(([key, inner]): [string, unknown][] => {
    if (key === 'example' || key === 'discriminator' || key.startsWith('x-')) return [];
    if (key === 'format' && inner === 'string') return [];
    if (key === 'format' && inner === 'UUID') return [[key, 'uuid']];
    if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/'))
      return [[key, `${id}#/definitions/${inner.slice('#/components/schemas/'.length)}`]];
    // Property names are data, not keywords: a property called `example` stays.
    if (key === 'properties' && inner !== null && typeof inner === 'object')
      return [[key, Object.fromEntries(Object.entries(inner).map(([p, s]) => [p, jsonSchema(s, id)]))]];
    return [[key, jsonSchema(inner, id)]];
  });
  return Object.fromEntries(entries);
};

/** One EPCC operation a request of ours maps to. */
export interface EpccMatch {
  readonly document: string;
  readonly template: string;
  readonly method: (typeof METHODS)[number];
  readonly operation: EpccOperation;
}

interface EpccRoute extends EpccMatch {
  readonly generations: readonly EpccGeneration[];
  readonly pattern: RegExp;
  readonly params: number;
  readonly prefixes: readonly string[];
  readonly documentId: string;
  readonly components: EpccDocument['components'];
}

/**
 * Paths a template of EPCC's documents would match that are not that operation: `GET /integrations/attributes`
 * is in EPCC's Postman collection but not in its integrations document, where `{integration_uuid}` would take it.
 */
const NOT_IN_EPCC_DOCUMENTS = /^(\/v2)?\/integrations\/attributes\/?$/i;

const routeOf = (template: string): { pattern: RegExp; params: number } => {
  const segments = template
    .split('/')
    .map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return {
    pattern: new RegExp(`^${segments.join('/')}/?$`, 'i'),
    params: segments.filter((s) => s === '[^/]+').length,
  };
};

/** Holds the answers to operations EPCC documents to EPCC's own schema for that operation and status. */
export class EpccContract {
  // EPCC splits schemas with allOf, so a `required` may name a property another branch defines.
  private readonly ajv = new Ajv({ strict: true, strictTypes: false, strictRequired: false, allErrors: true });
  private readonly routes: readonly EpccRoute[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    const routes = EPCC_DOCUMENTS.flatMap(({ name, document, prefixes, generations, stripV2 }) => {
      const documentId = `urn:epcc:${name}`;
      this.ajv.addSchema({
        $id: documentId,
        definitions: jsonSchema(document.components['schemas'] ?? {}, documentId) as Record<string, object>,
      });
      return Object.entries(document.paths).flatMap(([template, item]) =>
        METHODS.flatMap((method) => {
          const operation = item[method];
          return operation === undefined
            ? []
            : [
                {
                  document: name,
                  template,
                  method,
                  operation,
                  prefixes,
                  generations,
                  documentId,
                  components: document.components,
                  ...routeOf(stripV2 === true ? template.replace(/^\/v2(?=\/)/, '') : template),
                },
              ];
        }),
      );
    });
    // A later document of a generation answers only for what an earlier one does not have.
    const seen = new Set<string>();
    this.routes = routes
      .filter((route) => {
        const keys = route.generations.map((g) => `${g} ${route.method} ${route.pattern.source.toLowerCase()}`);
        const fresh = keys.some((key) => !seen.has(key));
        for (const key of keys) seen.add(key);
        return fresh;
      })
      .sort((a, b) => a.params - b.params);
  }

  /** Every operation of a generation's vendored documents. */
  operations(generation: EpccGeneration = '2024'): readonly EpccMatch[] {
    return this.routes
      .filter((r) => r.generations.includes(generation))
      .map(({ document, template, method, operation }) => ({ document, template, method, operation }));
  }

  /**
   * The EPCC operation a request is, if it is one: of the generation its path prefix (`/generations/2025/...`)
   * pins, else of the one named, else of 2024.
   */
  match(method: string, path: string, generation?: EpccGeneration): EpccRoute | undefined {
    const requested = path.split('?')[0] ?? '';
    const pinned = GENERATION_PREFIX.exec(requested);
    const speaks = (pinned?.[1] as EpccGeneration | undefined) ?? generation ?? '2024';
    const pathname = pinned === null ? requested : requested.slice(pinned[0].length);
    if (NOT_IN_EPCC_DOCUMENTS.test(pathname)) return undefined;
    const verb = (method === 'HEAD' ? 'get' : method.toLowerCase()) as EpccMatch['method'];
    return this.routes.find(
      (r) =>
        r.method === verb &&
        r.generations.includes(speaks) &&
        r.prefixes.some(
          (prefix) => pathname.toLowerCase().startsWith(prefix) && r.pattern.test(pathname.slice(prefix.length)),
        ),
    );
  }

  private resolve(route: EpccRoute, item: unknown): Json | undefined {
    if (item === null || typeof item !== 'object') return undefined;
    const ref = (item as Json)['$ref'];
    if (typeof ref !== 'string') return item as Json;
    const [, , section, name] = ref.split('/');
    return route.components[section ?? '']?.[name ?? ''] as Json | undefined;
  }

  private validator(route: EpccRoute, key: string, schema: unknown): ValidateFunction {
    const cacheKey = `${route.documentId} ${route.method} ${route.template} ${key}`;
    let validate = this.validators.get(cacheKey);
    if (validate === undefined) {
      validate = this.ajv.compile(jsonSchema(schema, route.documentId) as object);
      this.validators.set(cacheKey, validate);
    }
    return validate;
  }

  private static errors(validate: ValidateFunction): string {
    return (validate.errors ?? [])
      .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
      .join('; ');
  }

  /**
   * What is wrong with an answer to an EPCC operation, judged by EPCC's document of the generation the path pins
   * (or `generation`, for a store that speaks it on its un-prefixed paths); `undefined` when it fits or is no EPCC
   * operation. A success must be one EPCC lists for the operation; an error status EPCC does not list (401, 403,
   * 429...) is held to our own document only.
   */
  problems(exchange: Exchange, generation?: EpccGeneration): string | undefined {
    if (exchange.method === 'HEAD') return undefined;
    const route = this.match(exchange.method, exchange.path, generation);
    return route === undefined ? undefined : this.judge(route, exchange);
  }

  /**
   * What EPCC's operation `operationId` of a generation (2025: the 2026-10 document, then 2025-08) finds wrong
   * with an answer; a test names the operation it means, so an answer EPCC has no path for fails too.
   */
  problemsAs(operationId: string, exchange: Exchange, generation: EpccGeneration = '2025'): string | undefined {
    const route = this.routes.find(
      (r) => r.generations.includes(generation) && r.operation.operationId === operationId,
    );
    if (route === undefined) return `EPCC's ${generation} documents have no operation ${operationId}`;
    const pinned = this.match(exchange.method, exchange.path, generation);
    if (pinned !== undefined && pinned.operation.operationId !== operationId)
      return `${exchange.method} ${exchange.path} is EPCC's ${pinned.operation.operationId}, not ${operationId}`;
    return this.judge(route, exchange);
  }

  private judge(route: EpccRoute, exchange: Exchange): string | undefined {
    const where = `EPCC ${route.operation.operationId} (${route.method.toUpperCase()} ${route.template}, ${route.document})`;
    const status = String(exchange.status);
    const declared =
      route.operation.responses[status] ?? (exchange.status >= 400 ? route.operation.responses['default'] : undefined);
    if (declared === undefined)
      return exchange.status < 300
        ? `${where} answered ${status}, which EPCC does not list for it (${Object.keys(route.operation.responses).join(', ')})`
        : undefined;
    const response = this.resolve(route, declared);
    const content = response?.['content'] as Readonly<Record<string, { readonly schema?: unknown }>> | undefined;
    const schema = content?.['application/json']?.schema;
    if (schema === undefined)
      return exchange.body === ''
        ? undefined
        : `${where} answered ${status} with a body where EPCC has none: ${exchange.body.slice(0, 300)}`;
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return `${where} answered ${status} with a body that is not JSON: ${exchange.body.slice(0, 300)}`;
    }
    const validate = this.validator(route, status, schema);
    if (validate(body)) return undefined;
    return `${where} answered ${status} with a body EPCC's schema refuses: ${EpccContract.errors(validate)}\nbody: ${exchange.body.slice(0, 1000)}`;
  }

  /** What EPCC's request schema for the operation finds wrong with a body we sent; `undefined` when it fits. */
  requestProblems(method: string, path: string, body: unknown, generation?: EpccGeneration): string | undefined {
    const route = this.match(method, path, generation);
    const request = route === undefined ? undefined : this.resolve(route, route.operation.requestBody);
    const schema = (request?.['content'] as Readonly<Record<string, { readonly schema?: unknown }>> | undefined)?.[
      'application/json'
    ]?.schema;
    if (route === undefined || schema === undefined) return undefined;
    const validate = this.validator(route, 'request', schema);
    return validate(body)
      ? undefined
      : `EPCC ${route.operation.operationId} refuses the request body: ${EpccContract.errors(validate)}`;
  }
}

let shared: EpccContract | undefined;

/** The one EPCC contract the HTTP tests share (compiling EPCC's schemas once). */
export const epccContract = (): EpccContract => (shared ??= new EpccContract());
