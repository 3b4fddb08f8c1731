import { type Actor, currentSession, endSession, type Session, startSession } from './session';

/** One entry of an error document, as the API writes it. */
export interface ApiProblem {
  readonly status: string;
  readonly title: string;
  readonly detail?: string;
  readonly source?: string;
  /** Stable and machine-readable (`credentials_key_missing`, `invalid_value`…), where the page branches on it. */
  readonly code?: string;
}

/** A refusal from the API, with every problem it listed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problems: readonly ApiProblem[],
  ) {
    super(problems.map((p) => p.detail ?? p.title).join('; ') || `the API answered ${status}`);
  }
}

export interface ApiAnswer<T> {
  readonly body: T;
  readonly headers: Headers;
}

const problemsOf = async (response: Response): Promise<ApiProblem[]> => {
  try {
    const body = (await response.json()) as { errors?: ApiProblem[] };
    return Array.isArray(body.errors) ? body.errors : [];
  } catch {
    return [];
  }
};

interface SessionDocument {
  readonly data: { readonly actor: Actor; readonly store: Session['store']; readonly csrf_token: string };
}

const sessionFrom = ({ data }: SessionDocument): Session => ({
  actor: data.actor,
  store: data.store,
  csrfToken: data.csrf_token,
});

const startWith = async (response: Response): Promise<void> => {
  if (!response.ok) throw new ApiError(response.status, await problemsOf(response));
  startSession(sessionFrom((await response.json()) as SessionDocument));
};

const postSession = (body: Readonly<Record<string, string>>): Promise<Response> =>
  fetch('/console/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Signs in with an application key's client id and secret (the first start, before the store has people). */
export const signIn = async (clientId: string, clientSecret: string): Promise<void> =>
  startWith(await postSession({ client_id: clientId, client_secret: clientSecret }));

/** Signs one of the merchant's people in through the store's merchant realm, by its login prefix. */
export const signInAsPerson = async (
  prefix: string,
  username: string,
  password: string,
  passwordProfileId?: string,
): Promise<void> =>
  startWith(
    await postSession({
      prefix,
      username,
      password,
      ...(passwordProfileId === undefined || passwordProfileId === ''
        ? {}
        : { password_profile_id: passwordProfileId }),
    }),
  );

/** Picks up the session the browser's cookie holds, if any: a reload stays signed in. */
export const restoreSession = async (): Promise<void> => {
  const response = await fetch('/console/session');
  if (response.status === 200) startSession(sessionFrom((await response.json()) as SessionDocument));
  else endSession();
};

/** Ends this session, or every session of the same person or key (other browsers too). */
export const signOut = async (everywhere = false): Promise<void> => {
  const session = currentSession();
  await fetch(`/console/session${everywhere ? '?everywhere=true' : ''}`, {
    method: 'DELETE',
    headers: session === undefined ? {} : { 'X-CSRF-Token': session.csrfToken },
  }).catch(() => undefined);
  endSession(everywhere ? 'You signed out everywhere.' : 'You signed out.');
};

export interface SignInMethods {
  readonly prefix: string;
  readonly store: { readonly name: string };
  readonly password_profiles: readonly { readonly id: string; readonly name: string }[];
  readonly openid_connect_profiles: readonly {
    readonly id: string;
    readonly name: string;
    readonly authorization_url: string;
  }[];
}

/** How the people of the store a prefix names sign in; undefined when no store has the prefix. */
export const signInMethods = async (prefix: string): Promise<SignInMethods | undefined> => {
  const response = await fetch(`/console/login/${encodeURIComponent(prefix)}/methods`);
  if (response.status === 404) return undefined;
  if (!response.ok) throw new ApiError(response.status, await problemsOf(response));
  return ((await response.json()) as { data: SignInMethods }).data;
};

/**
 * The console speaks the 2024 subscriptions generation whatever its store's un-prefixed paths speak, so
 * it calls the API under the prefix that pins it; links the API answers already carry the prefix.
 */
const CONSOLE_GENERATION = '/generations/2024';
const pinned = (path: string): string =>
  path.startsWith('/') && !path.startsWith('/generations/') ? `${CONSOLE_GENERATION}${path}` : path;

/** A path under the 2025 generation, for the operations only it has (the proration preview). */
export const in2025 = (path: string): string => `/generations/2025${path}`;

/** A call to the API with the session's cookie, and its CSRF token on writes; a 401 ends the session. */
export const api = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> => {
  const session = currentSession();
  if (session === undefined)
    throw new ApiError(401, [{ status: '401', title: 'Unauthorized', detail: 'not signed in' }]);
  const headers: Record<string, string> = method === 'GET' ? {} : { 'X-CSRF-Token': session.csrfToken };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(pinned(path), { method, headers, ...(payload === undefined ? {} : { body: payload }) });
  if (response.status === 401) {
    endSession('Your session ended (unused for too long, or signed out elsewhere). Sign in again.');
    throw new ApiError(401, await problemsOf(response));
  }
  if (!response.ok) throw new ApiError(response.status, await problemsOf(response));
  // Some answers have no body at all: 204s, and EPCC's 200 to deleting an integration.
  const text = response.status === 204 ? '' : await response.text();
  return { body: (text === '' ? undefined : JSON.parse(text)) as T, headers: response.headers };
};

export const get = async <T>(path: string): Promise<T> => (await api<T>('GET', path)).body;
