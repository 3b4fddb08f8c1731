/**
 * Where the data lives, decoded from configuration: plain data, which the persistence adapter's
 * `openDatabase` turns into a database of that kind.
 */
export type DatabaseTarget =
  | { readonly kind: 'pglite'; readonly dataDir: string | undefined }
  | { readonly kind: 'postgres'; readonly url: string }
  | { readonly kind: 'mysql'; readonly url: string };

/** `undefined` means the embedded database in `dataDir`; a URL's scheme picks the server kind. */
export const databaseTarget = (url: string | undefined, dataDir: string | undefined): DatabaseTarget | undefined => {
  if (url === undefined || url === '') return { kind: 'pglite', dataDir };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  if (/^(mysql|mariadb):\/\//i.test(url)) return { kind: 'mysql', url: url.replace(/^mariadb:/i, 'mysql:') };
  return undefined;
};
