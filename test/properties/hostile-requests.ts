import fc from 'fast-check';
import type { RouteCase, StoreIds } from './route-catalogue.js';

/** Text a database, a parser or a log line might choke on. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\uFFFF',
    '\uFEFF',
    '😀',
    "'; drop table stores; --",
    '" OR 1=1 --',
    '%00',
    '%',
    '\\',
    '\r\n',
    '__proto__',
    'constructor',
    '0',
    '-1',
    '1e309',
    '9007199254740993',
    '',
    ' ',
    'null',
    '00000000-0000-0000-0000-000000000000',
    'eq(email,',
    '))))',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 1020, maxLength: 1100 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\uD800', 'a', '"', '(', ',', ':', ')'), maxLength: 30 }),
);

/** Any JSON value a client could send where a field belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  hostileText,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    1e308,
    -1e308,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    101,
    10001,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant([[[[[[[[[[[]]]]]]]]]]]),
);

/** The paths of every value inside a JSON document, objects and arrays included, the root excepted. */
const pathsOf = (value: unknown, at: readonly (string | number)[] = []): (readonly (string | number)[])[] => {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...at, i], ...pathsOf(v, [...at, i])]);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [[...at, k], ...pathsOf(v, [...at, k])]);
  return [];
};

const replaced = (value: unknown, path: readonly (string | number)[], next: unknown | typeof REMOVE): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && next === REMOVE) copy.splice(head as number, 1);
    else copy[head as number] = replaced(copy[head as number], rest, next);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && next === REMOVE) delete copy[head as string];
  else copy[head as string] = replaced(copy[head as string], rest, next);
  return copy;
};

const REMOVE = Symbol('remove');

/** A valid body with one value replaced, removed, or a key added beside it; or a body that is no document at all. */
const hostileBody = (valid: unknown): fc.Arbitrary<unknown> => {
  const paths = pathsOf(valid);
  const edits: fc.Arbitrary<unknown>[] = [
    hostileValue,
    fc.constant(valid),
    fc.tuple(hostileText, hostileValue).map(([k, v]) => ({ ...(valid as object), [k]: v })),
  ];
  if (paths.length > 0) {
    const path = fc.constantFrom(...paths);
    edits.push(fc.tuple(path, hostileValue).map(([p, v]) => replaced(valid, p, v)));
    edits.push(fc.tuple(path, hostileValue).map(([p, v]) => replaced(valid, p, v)));
    edits.push(path.map((p) => replaced(valid, p, REMOVE)));
    edits.push(fc.tuple(path, hostileText, hostileValue).map(([p, k, v]) => replaced(valid, p, { [k]: v })));
  }
  return fc.oneof(...edits);
};

const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.constantFrom('filter', 'include', 'page[limit]', 'page[offset]', 'page%5Blimit%5D', 'page[', 'sort', 'filter'),
      fc.oneof(
        hostileText,
        fc.constantFrom('eq(email,a)', 'in(account_id,a,b)', 'plans,products', 'plans,plans', '100', '10000'),
      ),
      fc.boolean(),
    ),
    { maxLength: 3 },
  )
  // Raw: the filter's punctuation is left unencoded, as clients write it; otherwise all is percent-encoded.
  .map((pairs) =>
    pairs
      .map(
        ([k, v, raw]) =>
          `${k}=${raw ? encoded(v).replace(/%(2C|28|29|3A|40)/g, (e) => decodeURIComponent(e)) : encoded(v)}`,
      )
      .join('&'),
  );

/** Percent-encodes any text; a lone surrogate, which has no UTF-8 form, becomes the bytes an encoder would refuse. */
const encoded = (text: string): string => (text.isWellFormed() ? encodeURIComponent(text) : '%ED%A0%80');

/** A request on one route: the route's own, with one part of it made hostile. */
export interface HostileRequest {
  readonly route: RouteCase;
  readonly path: string;
  readonly init: RequestInit;
  readonly what: string;
}

const HEADER_SAFE = /^[\t\x20-\x7e]*$/;

export const hostileRequest = (routes: readonly RouteCase[], ids: StoreIds): fc.Arbitrary<HostileRequest> =>
  fc.constantFrom(...routes).chain((route) => {
    const validPath = route.path(ids);
    const validBody = route.body?.(ids);
    const encode = (body: unknown): RequestInit =>
      route.form === true
        ? {
            body: new URLSearchParams(
              Object.entries(body !== null && typeof body === 'object' ? body : {}).map(([k, v]): [string, string] => [
                k,
                typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
              ]),
            ),
          }
        : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
    const withBody = (body: unknown): RequestInit => (validBody === undefined ? {} : encode(body));
    const requests: fc.Arbitrary<HostileRequest>[] = [
      hostileQuery.map((q) => ({
        route,
        path: `${validPath.split('?')[0]}?${q}`,
        init: withBody(validBody),
        what: 'query',
      })),
      hostileText.map((t) => ({
        route,
        path: validPath.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, encoded(t) || '%20'),
        init: withBody(validBody),
        what: 'path id',
      })),
      fc
        .constantFrom(
          ['text/plain', 'hello'],
          ['application/json', '{"data": '],
          ['application/json', '\u0000'],
          ['application/json', '[]'],
          ['application/json', 'null'],
          ['application/json; charset=latin1', '{"data":{}}'],
          ['application/x-www-form-urlencoded', 'a=%00&b=%ZZ'],
          ['multipart/form-data; boundary=x', '--x\r\n'],
        )
        .map(([type, body]) => ({
          route,
          path: validPath,
          init: { body, headers: { 'Content-Type': type } },
          what: `a ${type} body`,
        })),
      fc
        .string({ unit: 'binary', maxLength: 60 })
        .filter((v) => HEADER_SAFE.test(v))
        .map((v) => ({
          route,
          path: validPath,
          init: {
            ...withBody(validBody),
            headers: {
              ...(withBody(validBody).headers as Record<string, string> | undefined),
              'X-Moltin-Currency': v,
              'EP-Currency': v,
            },
          },
          what: 'currency headers',
        })),
      fc
        .oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('k', ' ', 'k'.repeat(256)))
        .filter((v) => HEADER_SAFE.test(v))
        .map((v) => ({
          route,
          path: validPath,
          init: {
            ...withBody(validBody),
            headers: { ...(withBody(validBody).headers as Record<string, string> | undefined), 'Idempotency-Key': v },
          },
          what: 'an Idempotency-Key',
        })),
    ];
    if (validBody !== undefined)
      requests.push(hostileBody(validBody).map((b) => ({ route, path: validPath, init: encode(b), what: 'body' })));
    return fc.oneof(...requests).map((r) => ({ ...r, init: { ...r.init, method: route.method } }));
  });
