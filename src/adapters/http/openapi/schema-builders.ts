import type { Reference, Schema } from './openapi-types.js';

export const schemaRef = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const parameterRef = (name: string): Reference => ({ $ref: `#/components/parameters/${name}` });
export const headerRef = (name: string): Reference => ({ $ref: `#/components/headers/${name}` });
export const responseRef = (name: string): Reference => ({ $ref: `#/components/responses/${name}` });

export const uuid: Schema = { type: 'string', format: 'uuid' };
export const timestamp: Schema = {
  type: 'string',
  format: 'date-time',
  description: 'RFC 3339 in UTC with nine fractional digits.',
};
export const uri: Schema = { type: 'string', format: 'uri' };
export const boolean: Schema = { type: 'boolean' };
export const constant = (value: string, description?: string): Schema => ({
  type: 'string',
  const: value,
  ...(description === undefined ? {} : { description }),
});
export const oneOfStrings = (values: readonly string[], description?: string): Schema => ({
  type: 'string',
  enum: values,
  ...(description === undefined ? {} : { description }),
});
export const integer = (minimum: number, maximum?: number, description?: string): Schema => ({
  type: 'integer',
  minimum,
  ...(maximum === undefined ? {} : { maximum }),
  ...(description === undefined ? {} : { description }),
});
export const text = (minLength: number, maxLength: number, description?: string): Schema => ({
  type: 'string',
  minLength,
  maxLength,
  ...(description === undefined ? {} : { description }),
});
export const nullable = (schema: Schema): Schema => ({ oneOf: [schema, { type: 'null' }] });
export const arrayOf = (
  items: Schema,
  bounds: { readonly minItems?: number; readonly maxItems?: number } = {},
): Schema => ({ type: 'array', items, ...bounds });

/**
 * An object whose members are all listed: a response document we write ourselves, so an unlisted
 * member is a mistake. Every member is required except those named in `optional`.
 */
export const closedObject = (
  properties: Readonly<Record<string, Schema>>,
  optional: readonly string[] = [],
  description?: string,
): Schema => ({
  type: 'object',
  ...(description === undefined ? {} : { description }),
  properties,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  additionalProperties: false,
});

/**
 * An object a client sends: unknown members are ignored, as EPCC ignores them, so the schema stays open.
 */
export const openObject = (
  properties: Readonly<Record<string, Schema>>,
  required: readonly string[],
  description?: string,
): Schema => ({
  type: 'object',
  ...(description === undefined ? {} : { description }),
  properties,
  required,
});

/** `{"data": ...}`: every write body and most single-resource responses. */
export const dataDocument = (
  data: Schema,
  more: Readonly<Record<string, Schema>> = {},
  optional: readonly string[] = [],
): Schema => closedObject({ data, ...more }, optional);

/** A request body: `{"data": {...}}`, with members besides `data` ignored. */
export const dataRequest = (data: Schema): Schema => openObject({ data }, ['data']);

/**
 * A client's fields, where `null` for an optional one reads as on create as leaving it out and on
 * update as clearing it; a required one stays non-null.
 */
export const requestFields = (
  fields: Readonly<Record<string, Schema>>,
  optional: readonly string[],
): Readonly<Record<string, Schema>> =>
  Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [
      name,
      optional.includes(name)
        ? { ...nullable(schema), description: '`null`: left out on create, cleared on update.' }
        : schema,
    ]),
  );
