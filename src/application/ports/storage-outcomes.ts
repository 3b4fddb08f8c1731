/**
 * The expected refusals of storage, as tagged values: a use case turns each into the DomainError its
 * caller sees, with the wording of its own resource.
 */
export type Missing = { readonly _tag: 'Missing' };
export type OverBudget = { readonly _tag: 'OverBudget' };
export type InUse = { readonly _tag: 'InUse' };
export type PrefixTaken = { readonly _tag: 'PrefixTaken' };
/** Another record of the store already holds a value only one of them may hold. */
export type Taken = { readonly _tag: 'Taken' };
/** A record the write would refer to is not the store's, or was deleted meanwhile. */
export type ReferenceMissing = { readonly _tag: 'ReferenceMissing' };
/** A count only so many records may reach (an account member's memberships) is reached. */
export type LimitReached = { readonly _tag: 'LimitReached' };
/** An offering's copy refers to a product or plan that was deleted meanwhile. */
export type OriginalGone = { readonly _tag: 'OriginalGone' };

export const missing: Missing = { _tag: 'Missing' };
export const overBudget: OverBudget = { _tag: 'OverBudget' };
export const inUse: InUse = { _tag: 'InUse' };
export const prefixTaken: PrefixTaken = { _tag: 'PrefixTaken' };
export const originalGone: OriginalGone = { _tag: 'OriginalGone' };
export const taken: Taken = { _tag: 'Taken' };
export const limitReached: LimitReached = { _tag: 'LimitReached' };
export const referenceMissing: ReferenceMissing = { _tag: 'ReferenceMissing' };
