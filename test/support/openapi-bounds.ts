import type { OpenApiDocument, Schema } from '../../src/adapters/http/openapi/openapi-types.js';

/** A place in a request body: member names and array positions from the body's root. */
export type BodyPath = readonly (string | number)[];

/** A bound the document states for one value of a request body, with the example body it is tried in. */
export interface DocumentedBound {
  readonly path: BodyPath;
  readonly schema: Schema;
  /** The body the value is placed in: the operation's example, or the variant of it the schema's `oneOf` asks for. */
  readonly body: unknown;
  /** `value`: the value itself; `items`: the number of items of an array; `key`: the member names of a map. */
  readonly of: 'value' | 'items' | 'key';
}

/** What a dotted `source` of the domain's refusals names: `data.attributes.name`, `data.0.products`. */
export const sourceOf = (path: BodyPath): string => path.join('.');

export const valueAt = (body: unknown, path: BodyPath): unknown =>
  path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    body,
  );

/** A copy of `body` with `value` at `path`, the objects and arrays on the way made when missing. */
export const withValue = (body: unknown, path: BodyPath, value: unknown): unknown => {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const node = body !== null && typeof body === 'object' ? body : typeof key === 'number' ? [] : {};
  if (Array.isArray(node)) {
    const items: unknown[] = [...node];
    items[Number(key)] = withValue(items[Number(key)], rest, value);
    return items;
  }
  const members: Record<string, unknown> = { ...node };
  members[key] = withValue(members[key], rest, value);
  return members;
};

const COMPONENT = '#/components/schemas/';

const deref = (document: OpenApiDocument, schema: Schema): Schema =>
  schema.$ref?.startsWith(COMPONENT)
    ? deref(document, document.components.schemas[schema.$ref.slice(COMPONENT.length)] as Schema)
    : schema;

const isNull = (schema: Schema): boolean => schema.type === 'null';

const hasBound = (s: Schema): boolean =>
  s.minLength !== undefined ||
  s.maxLength !== undefined ||
  s.minimum !== undefined ||
  s.maximum !== undefined ||
  s.enum !== undefined ||
  s.const !== undefined ||
  s.pattern !== undefined;

/** Whether `value` is the kind of thing `schema` describes, to pick the example of a `oneOf` alternative. */
const fits = (schema: Schema, value: unknown): boolean => {
  if (schema.type === 'string') return typeof value === 'string';
  if (schema.type === 'object' || schema.properties !== undefined) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const type = schema.properties?.['type']?.const;
    // Alternatives without a `type` (a key or a person signing in) are told apart by the members they require.
    if (type === undefined) return (schema.required ?? []).every((member) => member in value);
    return (value as Record<string, unknown>)['type'] === type;
  }
  return true;
};

/**
 * Every bound of a request body schema: lengths, ranges, fixed values, patterns, item counts and key
 * patterns, each with the path to its value. A `oneOf` is followed into each alternative, with the example
 * the operation gives for it (`alternatives`, by dotted source) or, for an object of another `type`, the
 * example's object with that `type`.
 */
export const documentedBounds = (
  document: OpenApiDocument,
  root: Schema,
  example: unknown,
  alternatives: Readonly<Record<string, readonly unknown[]>> = {},
): DocumentedBound[] => {
  const found: DocumentedBound[] = [];
  const walk = (schema: Schema, path: BodyPath, body: unknown): void => {
    const s = deref(document, schema);
    if (s.oneOf !== undefined) {
      const options = s.oneOf.map((o) => deref(document, o)).filter((o) => !isNull(o));
      const candidates = [valueAt(body, path), ...(alternatives[sourceOf(path)] ?? [])];
      for (const option of options) {
        const own = candidates.find((c) => fits(option, c));
        const retyped = candidates.find((c) => c !== null && typeof c === 'object' && !Array.isArray(c));
        const type = option.properties?.['type']?.const;
        const value =
          own ?? (retyped !== undefined && type !== undefined ? { ...(retyped as object), type } : undefined);
        walk(option, path, value === undefined ? body : withValue(body, path, value));
      }
      return;
    }
    if (s.properties !== undefined)
      for (const [name, member] of Object.entries(s.properties)) walk(member, [...path, name], body);
    if (typeof s.additionalProperties === 'object') {
      const map = valueAt(body, path);
      for (const key of map !== null && typeof map === 'object' ? Object.keys(map) : [])
        walk(s.additionalProperties, [...path, key], body);
      if (s.propertyNames?.pattern !== undefined) found.push({ path, schema: s.propertyNames, body, of: 'key' });
    }
    if (s.items !== undefined) {
      walk(s.items, [...path, 0], body);
      if (s.minItems !== undefined || s.maxItems !== undefined) found.push({ path, schema: s, body, of: 'items' });
    }
    if (hasBound(s)) found.push({ path, schema: s, body, of: 'value' });
  };
  walk(root, [], example);
  return found;
};
