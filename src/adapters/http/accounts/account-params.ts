type Routed = { readonly params: Readonly<Record<string, string | undefined>> };

/** The path's ids; the use cases treat them as untrusted text. */
export const accountParam = (ctx: Routed): string => ctx.params['accountID'] ?? '';
export const membershipParam = (ctx: Routed): string => ctx.params['membershipID'] ?? '';
export const accountMemberParam = (ctx: Routed): string => ctx.params['accountMemberID'] ?? '';
