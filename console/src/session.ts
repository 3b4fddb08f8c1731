/**
 * Who is signed in, as `GET /console/session` says: the session itself is an `HttpOnly` cookie no script can
 * read, so this module keeps only what the page shows and the CSRF token every write sends, in memory. A
 * reload asks the service again (`restoreSession`) and stays signed in.
 */
export type Actor =
  | {
      readonly type: 'merchant_user';
      readonly id: string;
      readonly name: string;
      readonly email: string;
      readonly role: string;
    }
  | { readonly type: 'application_key'; readonly id: string };

export interface Session {
  readonly actor: Actor;
  readonly store: { readonly id: string; readonly name: string };
  readonly csrfToken: string;
}

type Listener = (session: Session | undefined, reason: string | undefined) => void;

let current: Session | undefined;
const listeners = new Set<Listener>();

export const currentSession = (): Session | undefined => current;

export const onSessionChange = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const set = (session: Session | undefined, reason?: string): void => {
  current = session;
  for (const listener of listeners) listener(session, reason);
};

export const startSession = (session: Session): void => set(session);
export const endSession = (reason?: string): void => set(undefined, reason);

/**
 * The roles that reach store administration (the routes of access `admin`), held equal to the service's
 * `rolesPermitting('admin')` by test/console/gateway-forms.spec.ts. Pages of that kind are listed for them only.
 */
export const ADMINISTERING_ROLES: readonly string[] = ['owner', 'admin'];

/**
 * Whether the signed-in actor may administer the store. A key's scopes are not in the session, so a key is
 * given the benefit of the doubt: a key with scopes sees the API's 403 there.
 */
export const administers = (actor: Actor): boolean =>
  actor.type === 'application_key' || ADMINISTERING_ROLES.includes(actor.role);
