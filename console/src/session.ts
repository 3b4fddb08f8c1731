/**
 * The signed-in session: the token lives in this module's memory only (never a cookie or web storage),
 * so closing or reloading the tab signs out, and no other tab or script on the origin can read it.
 */
export interface Session {
  readonly token: string;
  readonly clientId: string;
  /** The role of the person signed in; absent when the console was entered with a key. */
  readonly role?: 'owner' | 'admin' | 'billing' | 'read-only';
  /** When the token stops working, in the browser's milliseconds. */
  readonly expiresAt: number;
}

type Listener = (session: Session | undefined, reason: string | undefined) => void;

let current: Session | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

export const currentSession = (): Session | undefined => current;

export const onSessionChange = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const set = (session: Session | undefined, reason?: string): void => {
  current = session;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  // Ended a little early, so that no request leaves with a token about to expire in flight.
  if (session !== undefined)
    timer = setTimeout(
      () => set(undefined, 'Your session expired. Sign in again.'),
      Math.max(0, session.expiresAt - Date.now() - 5_000),
    );
  for (const listener of listeners) listener(session, reason);
};

export const startSession = (session: Session): void => set(session);
export const endSession = (reason?: string): void => set(undefined, reason);
