/** A record as every list orders it. */
export interface Ordered {
  readonly createdAt: Date;
  readonly id: string;
}

/**
 * The order of every list: newest first, the id breaking ties so that pages never overlap or skip.
 * Storage adapters translate this declaration; they do not restate it.
 */
export const NEWEST_FIRST: readonly { readonly key: keyof Ordered; readonly direction: 'desc' }[] = [
  { key: 'createdAt', direction: 'desc' },
  { key: 'id', direction: 'desc' },
];

/** NEWEST_FIRST reversed, for what is taken in the order it came: a lane's next job, an invoice's payments, a billing run's walk. */
export const OLDEST_FIRST: readonly { readonly key: keyof Ordered; readonly direction: 'asc' }[] = NEWEST_FIRST.map(
  ({ key }) => ({ key, direction: 'asc' }),
);

const sortValue = (record: Ordered, key: keyof Ordered): number | string =>
  key === 'createdAt' ? record.createdAt.getTime() : record.id;

/** NEWEST_FIRST as a comparator. */
export const newestFirst = (a: Ordered, b: Ordered): number => {
  for (const { key } of NEWEST_FIRST) {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x !== y) return x < y ? 1 : -1;
  }
  return 0;
};

/** The reverse of NEWEST_FIRST, for what is taken in the order it came: a lane's next job, an invoice's payments. */
export const oldestFirst = (a: Ordered, b: Ordered): number => newestFirst(b, a);
