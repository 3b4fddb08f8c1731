/** `items` in runs of at most `size`, in order: how a long list is split over statements of bounded size. */
export const chunks = <A>(items: readonly A[], size: number): A[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
