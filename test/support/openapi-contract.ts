import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import { API_DOCUMENT, API_DOCUMENTS } from '../../src/adapters/http/api-description/openapi-document.js';
import type {
  Header,
  HttpMethod,
  OpenApiDocument,
  Operation,
  Reference,
  Response,
  Schema,
} from '../../src/adapters/http/openapi/openapi-types.js';
import {
  DEFAULT_SUBSCRIPTIONS_GENERATION,
  type SubscriptionsGeneration,
} from '../../src/domain/settings/subscriptions-generation.js';
import { epccContract } from './epcc-contract.js';

const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;

/** The id the document's schemas are registered under, so that its `#/components/schemas/...` refs resolve. */
const DOCUMENT_ID = 'urn:commerce-core:openapi';
const COMPONENT_SCHEMAS = '#/components/schemas/';

/** Rewrites the document's refs to absolute ones into the registered schemas. */
const absoluteRefs = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(absoluteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith(COMPONENT_SCHEMAS)
        ? `${DOCUMENT_ID}#/$defs/${v.slice(COMPONENT_SCHEMAS.length)}`
        : absoluteRefs(v),
    ]),
  );
};

/** An Ajv for the 2020-12 dialect, strict, with the document's component schemas registered. */
export const documentAjv = (document: OpenApiDocument): Ajv2020 => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-extension', schemaType: 'boolean' });
  ajv.addSchema({ $id: DOCUMENT_ID, $defs: absoluteRefs(document.components.schemas) as Record<string, object> });
  return ajv;
};

/** Follows a `#/components/...` reference of the document. */
export const resolveRef = <T>(document: OpenApiDocument, item: T | Reference): T => {
  if (typeof item !== 'object' || item === null || !('$ref' in item)) return item;
  const found = item.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      document,
    );
  if (found === undefined) throw new Error(`unresolved reference ${item.$ref}`);
  return found as T;
};

interface Route {
  readonly template: string;
  readonly pattern: RegExp;
  readonly params: number;
  readonly operations: Readonly<Partial<Record<HttpMethod, Operation>>>;
}

const METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete'];

/** Every path the document serves, the `x-also-served-at` aliases included, each with its operations. */
export const documentedPaths = (
  document: OpenApiDocument,
): { readonly path: string; readonly operations: Readonly<Partial<Record<HttpMethod, Operation>>> }[] =>
  Object.entries(document.paths).flatMap(([path, item]) => {
    const operations = Object.fromEntries(METHODS.flatMap((m) => (item[m] === undefined ? [] : [[m, item[m]]])));
    return [
      { path, operations },
      ...(item['x-also-served-at'] === undefined ? [] : [{ path: item['x-also-served-at'], operations }]),
    ];
  });

const routeOf = (template: string, operations: Route['operations']): Route => {
  const segments = template
    .split('/')
    .map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  // The router matches case-insensitively and with or without a trailing slash.
  return {
    template,
    pattern: new RegExp(`^${segments.join('/')}/?$`, 'i'),
    params: segments.filter((s) => s === '[^/]+').length,
    operations,
  };
};

/** One response as a test received it. */
export interface Exchange {
  readonly method: string;
  /** The request's path, with its query if any. */
  readonly path: string;
  readonly status: number;
  readonly header: (name: string) => string | null | undefined;
  readonly body: string;
  /** The request's body as sent, when the test has it: a body the service accepted must fit the document too. */
  readonly requestBody?: unknown;
}

/** A request body as the document describes it: a form's fields, or parsed JSON; undefined when there is none to check. */
const sentBody = (body: unknown): { readonly type: string; readonly value: unknown } | undefined => {
  if (body instanceof URLSearchParams)
    return { type: 'application/x-www-form-urlencoded', value: Object.fromEntries(body) };
  if (typeof body !== 'string') return undefined;
  try {
    return { type: 'application/json', value: JSON.parse(body) as unknown };
  } catch {
    return undefined;
  }
};

/** Holds responses to the document: the status is documented for the operation, and the body and headers match. */
export class OpenApiContract {
  private readonly ajv: Ajv2020;
  private readonly routes: readonly Route[];
  private readonly validators = new WeakMap<Schema, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument = API_DOCUMENT) {
    this.ajv = documentAjv(document);
    // Literal paths before templated ones: `/offerings/build` is not an offering id.
    this.routes = documentedPaths(document)
      .map(({ path, operations }) => routeOf(path, operations))
      .sort((a, b) => a.params - b.params);
  }

  private validator(schema: Schema): ValidateFunction {
    let validate = this.validators.get(schema);
    if (validate === undefined) {
      validate = this.ajv.compile(absoluteRefs(schema) as object);
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /** What is wrong with the exchange, if anything; `undefined` when it matches. */
  problems(exchange: Exchange): string | undefined {
    const pathname = exchange.path.split('?')[0] ?? '';
    const method = (exchange.method === 'HEAD' ? 'get' : exchange.method.toLowerCase()) as HttpMethod;
    const route = this.routes.find((r) => r.pattern.test(pathname) && r.operations[method] !== undefined) ?? undefined;
    const operation = route?.operations[method];
    const status = String(exchange.status);
    const unrouted = this.document['x-unrouted-responses'];
    const where =
      operation === undefined
        ? `${exchange.method} ${pathname} (no operation)`
        : `${operation.operationId} (${exchange.method} ${route?.template ?? ''})`;
    // 408 and 431 come from the HTTP server, whatever the path.
    const declared =
      operation?.responses[status] ??
      (operation === undefined || status === '408' || status === '431' ? unrouted[status] : undefined);
    if (declared === undefined) return `${where} answered ${status}, which the document does not list for it`;
    const response = resolveRef<Response>(this.document, declared);

    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const resolved = resolveRef<Header>(this.document, header);
      const value = exchange.header(name);
      if (resolved.required === true && (value === null || value === undefined))
        return `${where} answered ${status} without its ${name} header`;
    }

    const sent = sentBody(exchange.requestBody);
    const accepted = operation?.requestBody?.content[sent?.type ?? ''];
    if (
      sent !== undefined &&
      accepted !== undefined &&
      exchange.status < 300 &&
      !this.validator(accepted.schema)(sent.value)
    ) {
      const errors = (this.validator(accepted.schema).errors ?? [])
        .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`)
        .join('; ');
      return `${where} accepted a request body that the document's request schema refuses: ${errors}\nrequest body: ${JSON.stringify(sent.value).slice(0, 1000)}`;
    }

    if (exchange.method === 'HEAD') return undefined;
    const content = response.content;
    if (content === undefined)
      return exchange.body === ''
        ? undefined
        : `${where} answered ${status} with a body where the document has none: ${exchange.body.slice(0, 300)}`;
    const type = exchange.header('content-type') ?? '';
    const mediaType = Object.keys(content).find((t) => type.split(';')[0]?.trim() === t.split(';')[0]?.trim());
    if (mediaType === undefined)
      return `${where} answered ${status} as ${type}, not as ${Object.keys(content).join(' or ')}`;
    if (!mediaType.endsWith('json')) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return `${where} answered ${status} with a body that is not JSON: ${exchange.body.slice(0, 300)}`;
    }
    const validate = this.validator(content[mediaType]!.schema);
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? [])
      .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
      .join('; ');
    return `${where} answered ${status} with a body that does not match the document: ${errors}\nbody: ${exchange.body.slice(0, 1000)}`;
  }
}

const shared = new Map<SubscriptionsGeneration, OpenApiContract>();
const contractOf = (generation: SubscriptionsGeneration): OpenApiContract => {
  const known = shared.get(generation);
  if (known !== undefined) return known;
  const contract = new OpenApiContract(API_DOCUMENTS[generation]);
  shared.set(generation, contract);
  return contract;
};

const PINNED = /^\/generations\/(2024|2025)(?=\/)/;

/**
 * Throws, naming the operation, the status and what did not match, when a response strays from the
 * document of the generation it speaks (the one its path prefix pins, else its store's), or, for an
 * operation EPCC documents, from EPCC's schema for it.
 */
export const assertDocumented = (
  exchange: Exchange,
  storeGeneration: SubscriptionsGeneration = DEFAULT_SUBSCRIPTIONS_GENERATION,
): void => {
  const pinned = PINNED.exec(exchange.path);
  const generation = (pinned?.[1] as SubscriptionsGeneration | undefined) ?? storeGeneration;
  const spoken = pinned === null ? exchange : { ...exchange, path: exchange.path.slice(pinned[0].length) };
  const problem = contractOf(generation).problems(spoken);
  if (problem !== undefined) throw new Error(`OpenAPI document (${generation}): ${problem}`);
  const epcc = epccContract().problems(spoken, generation);
  if (epcc !== undefined) throw new Error(`EPCC's OpenAPI document: ${epcc}`);
};

/** `assertDocumented` for a fetch response, read from a clone so the caller can still read the body. */
export const checkResponse = async (
  method: string | undefined,
  path: string,
  response: globalThis.Response,
  requestBody?: unknown,
  generation?: SubscriptionsGeneration,
): Promise<globalThis.Response> => {
  const body = await response.clone().text();
  assertDocumented(
    {
      method: (method ?? 'GET').toUpperCase(),
      path,
      status: response.status,
      header: (name) => response.headers.get(name),
      body,
      requestBody,
    },
    generation,
  );
  return response;
};
