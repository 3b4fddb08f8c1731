/** A request's query string as the core sees it: every value of every key, in order. */
export type QueryParams = ReadonlyMap<string, readonly string[]>;

export const queryParams = (pairs: Iterable<readonly [string, string]>): QueryParams => {
  const map = new Map<string, string[]>();
  for (const [key, value] of pairs) {
    const values = map.get(key);
    if (values) values.push(value);
    else map.set(key, [value]);
  }
  return map;
};

export const noQuery: QueryParams = new Map();
