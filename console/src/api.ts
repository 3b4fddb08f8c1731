import { currentSession, endSession, startSession } from './session';

/** One entry of an error document, as the API writes it. */
export interface ApiProblem {
  readonly status: string;
  readonly title: string;
  readonly detail?: string;
  readonly source?: string;
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

/** Signs in with a client-credentials key at the public token endpoint, as any API client does. */
export const signIn = async (clientId: string, clientSecret: string): Promise<void> => {
  const response = await fetch('/oauth/access_token', {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  if (!response.ok) throw new ApiError(response.status, await problemsOf(response));
  const token = (await response.json()) as { access_token: string; expires_in: number };
  startSession({ token: token.access_token, clientId, expiresAt: Date.now() + token.expires_in * 1000 });
};

/** Revokes the token (RFC 7009 at `/oauth/revoke`) and forgets it; forgetting happens whatever the revocation answers. */
export const signOut = async (): Promise<void> => {
  const session = currentSession();
  endSession('You signed out.');
  if (session === undefined) return;
  await fetch('/oauth/revoke', {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
    body: new URLSearchParams({ token: session.token }),
  }).catch(() => undefined);
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

/** A call to the API with the session's token; a 401 ends the session, since the token no longer works. */
export const api = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> => {
  const session = currentSession();
  if (session === undefined)
    throw new ApiError(401, [{ status: '401', title: 'Unauthorized', detail: 'not signed in' }]);
  const headers: Record<string, string> = { Authorization: `Bearer ${session.token}` };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(pinned(path), { method, headers, ...(payload === undefined ? {} : { body: payload }) });
  if (response.status === 401) {
    endSession('Your session ended (the token expired or was revoked). Sign in again.');
    throw new ApiError(401, await problemsOf(response));
  }
  if (!response.ok) throw new ApiError(response.status, await problemsOf(response));
  // Some answers have no body at all: 204s, and EPCC's 200 to deleting an integration.
  const text = response.status === 204 ? '' : await response.text();
  return { body: (text === '' ? undefined : JSON.parse(text)) as T, headers: response.headers };
};

export const get = async <T>(path: string): Promise<T> => (await api<T>('GET', path)).body;
