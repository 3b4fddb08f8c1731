/** `exact` when the total was counted in full; `lower_bound` when counting stopped at the cap. */
export type TotalMethod = 'exact' | 'lower_bound';

/** One page of a list and how many records match in all. */
export interface ListedPage<A> {
  readonly items: readonly A[];
  readonly total: number;
  readonly totalMethod: TotalMethod;
}
