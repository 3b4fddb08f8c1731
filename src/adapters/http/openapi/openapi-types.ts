import type { ShopperAccess } from '../../../domain/auth/shopper-access.js';
/**
 * The parts of OpenAPI 3.1 this service's document uses, typed so that a misspelt member fails the
 * build. Schemas are JSON Schema 2020-12 (OpenAPI 3.1's dialect); `x-extension` marks what we add to EPCC.
 */

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';
export type JsonValue = string | number | boolean | null;

export interface Schema {
  readonly $ref?: string;
  readonly description?: string;
  readonly type?: JsonType | readonly JsonType[];
  readonly format?: 'uuid' | 'date-time' | 'uri';
  /** The media type of a string's content, e.g. a file part of a multipart body. */
  readonly contentMediaType?: string;
  readonly enum?: readonly JsonValue[];
  readonly const?: JsonValue;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | Schema;
  readonly maxProperties?: number;
  readonly propertyNames?: Schema;
  readonly items?: Schema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly oneOf?: readonly Schema[];
  /** Still answered, for older clients; to be removed in a later 0.x release. */
  readonly deprecated?: true;
  /** Taken in requests, never answered (a password). */
  readonly writeOnly?: true;
  readonly 'x-extension'?: true;
}

export interface MediaType {
  readonly schema: Schema;
}

export type Content = Readonly<Record<string, MediaType>>;

export interface Reference {
  readonly $ref: string;
}

export interface Header {
  readonly description: string;
  readonly required?: boolean;
  readonly schema: Schema;
  readonly 'x-extension'?: true;
}

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly description: string;
  readonly required?: boolean;
  readonly schema: Schema;
  readonly 'x-extension'?: true;
}

export interface RequestBody {
  readonly description?: string;
  readonly required: boolean;
  readonly content: Content;
}

export interface Response {
  readonly description: string;
  readonly headers?: Readonly<Record<string, Header | Reference>>;
  readonly content?: Content;
}

export type Responses = Readonly<Record<string, Response | Reference>>;

/** A security requirement: the named scheme, with no scopes (bearer tokens carry none). */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

export interface Operation {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly parameters?: readonly (Parameter | Reference)[];
  readonly requestBody?: RequestBody;
  readonly responses: Responses;
  /** `[]` for an operation that needs no token. */
  readonly security?: readonly SecurityRequirement[];
  readonly 'x-extension'?: true;
  /** Open to browser pages of other origins (CORS). */
  readonly 'x-cors'?: true;
  /** What a shopper may do here: `read` its account's records, `own-state` (its subscriptions' states), or `own-details` (its own member's details and credentials). */
  readonly 'x-shopper'?: ShopperAccess;
}

export type HttpMethod = 'get' | 'put' | 'post' | 'delete';

export type PathItem = Readonly<Partial<Record<HttpMethod, Operation>>> & {
  readonly parameters?: readonly (Parameter | Reference)[];
  /** The same operations are also served at this path: the path without its `/v2` prefix. */
  readonly 'x-also-served-at'?: string;
};

export interface Tag {
  readonly name: string;
  readonly description: string;
}

export interface Components {
  readonly schemas: Readonly<Record<string, Schema>>;
  readonly parameters: Readonly<Record<string, Parameter>>;
  readonly headers: Readonly<Record<string, Header>>;
  readonly responses: Readonly<Record<string, Response>>;
  readonly securitySchemes: Readonly<
    Record<string, { readonly type: 'http'; readonly scheme: 'bearer'; readonly description: string }>
  >;
}

export interface OpenApiDocument {
  readonly openapi: '3.1.1';
  readonly info: {
    readonly title: string;
    readonly version: string;
    readonly description: string;
    readonly license: { readonly name: string; readonly identifier: string };
  };
  readonly jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base';
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  readonly security: readonly SecurityRequirement[];
  readonly tags: readonly Tag[];
  readonly paths: Readonly<Record<string, PathItem>>;
  readonly components: Components;
  /**
   * Answers a request may get whatever its path: from the HTTP server before the application (a
   * malformed request, a slow client, headers too large), and for a request no operation matches.
   */
  readonly 'x-unrouted-responses': Responses;
  /** The subscriptions generation whose operations the document lists (`/generations/<g>/v2/openapi.json`). */
  readonly 'x-generation': string;
}
