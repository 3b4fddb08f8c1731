/** The order of every list: `createdAt` descending, then id descending as a stable tie-breaker. */
export const newestFirst = (a: { readonly createdAt: Date; readonly id: string }, b: { readonly createdAt: Date; readonly id: string }): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
