import * as E from 'fp-ts/lib/Either.js';
import type { Middleware } from 'koa';
import {
  AuthenticateConsoleSession,
  type AuthenticatedSession,
} from '../../../application/use-cases/people/authenticate-console-session.js';
import { DescribeConsoleSession } from '../../../application/use-cases/people/describe-console-session.js';
import { EndConsoleSession } from '../../../application/use-cases/people/end-console-session.js';
import { ListConsoleSignInMethods } from '../../../application/use-cases/people/list-console-sign-in-methods.js';
import { SignInToConsole } from '../../../application/use-cases/people/sign-in-to-console.js';
import type { SessionOrigin } from '../../../domain/people/console-session.js';
import { PREFIX_MAX } from '../../../domain/realm-mappings/prefix-input.js';
import { issues, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { addressNotBlocked, type TokenGuards } from '../auth/token-guards.js';
import { serveConsolePage } from '../console/console-endpoints.js';
import { concept } from '../endpoints/endpoint.js';
import { type HttpContext, type HttpState, respondWithError } from '../http-state.js';
import type { Parameter } from '../openapi/openapi-types.js';
import { jsonContent } from '../openapi/operation-builder.js';
import { schemaRef } from '../openapi/schema-builders.js';
import type { UseCase } from '../routes/route-context.js';
import { CONSOLE_SESSION_SCHEMAS, consoleSessionResource, signInMethodsResource } from './console-session-documents.js';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie.js';

const TAG = 'Console sessions';
const EVERYWHERE_VALUES = ['true', 'false'];

const PREFIX: Parameter = {
  name: 'prefix',
  in: 'path',
  required: true,
  description: "The store's login prefix (its merchant realm mapping's), in any case.",
  schema: { type: 'string' },
};

const NO_STORE = {
  'Cache-Control': { description: 'Always `no-store`.', required: true, schema: { type: 'string', const: 'no-store' } },
} as const;

const COOKIE_HEADER = {
  'Set-Cookie': {
    description:
      '`__Host-console-session` over TLS (its own, or behind a trusted proxy that says so), else `console-session`: `HttpOnly; SameSite=Strict; Path=/`, and `Secure` over TLS.',
    required: true,
    schema: { type: 'string' },
  },
} as const;

const originOf = (ctx: HttpContext, addressOf: TokenGuards['addressOf']): SessionOrigin => {
  const address = addressOf(ctx);
  const userAgent = ctx.get('User-Agent');
  return { ...(address === undefined ? {} : { address }), ...(userAgent === '' ? {} : { userAgent }) };
};

interface SessionUseCases {
  readonly signIn: UseCase<SignInToConsole>;
  readonly authenticate: Pick<AuthenticateConsoleSession, 'execute' | 'csrfRefusal'>;
  readonly describe: UseCase<DescribeConsoleSession>;
  readonly end: UseCase<EndConsoleSession>;
  readonly methods: UseCase<ListConsoleSignInMethods>;
  readonly guards: TokenGuards;
  readonly dir: URL | undefined;
}

/** Answers the session the cookie `token` names, as `GET /console/session` and a sign-in do. */
const answerSession = async (
  ctx: HttpContext,
  { describe }: Pick<SessionUseCases, 'describe'>,
  token: string,
  found: AuthenticatedSession,
): Promise<void> => {
  const view = await describe.execute(token, found);
  if (E.isLeft(view)) return respondWithError(ctx, view.left);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { data: consoleSessionResource(view.right) };
};

/** The live session the request's cookie names; otherwise undefined, and a cookie naming an ended one is cleared. */
const liveSession =
  ({ authenticate }: Pick<SessionUseCases, 'authenticate'>) =>
  async (ctx: HttpContext): Promise<{ token: string; found: AuthenticatedSession } | undefined> => {
    const token = sessionTokenOf(ctx);
    const found = token === undefined ? undefined : await authenticate.execute(token);
    if (token !== undefined && found !== undefined && E.isRight(found)) {
      ctx.state.callerStoreId = found.right.principal.storeId;
      return { token, found: found.right };
    }
    if (token !== undefined) clearSessionCookie(ctx);
    return undefined;
  };

const signInHandler =
  (useCases: SessionUseCases): Middleware<HttpState> =>
  async (ctx) => {
    const { signIn, authenticate, guards } = useCases;
    const signedIn = await signIn.execute(ctx.request.body, originOf(ctx, guards.addressOf));
    if (E.isLeft(signedIn)) {
      if (signedIn.left._tag === 'Unauthenticated') await guards.failures.failed(guards.addressOf(ctx));
      return respondWithError(ctx, signedIn.left);
    }
    const { started, storeId } = signedIn.right;
    ctx.state.callerStoreId = storeId;
    const found = await authenticate.execute(started.sessionToken);
    if (E.isLeft(found)) return respondWithError(ctx, found.left);
    setSessionCookie(ctx, started);
    await answerSession(ctx, useCases, started.sessionToken, found.right);
    ctx.status = 201;
  };

/**
 * The console's own sign-in, session and sign-out, and its people's sign-in address. The session's id lives
 * in an `HttpOnly` cookie only; the page keeps the CSRF token `GET /console/session` gives it in memory.
 */
export const CONSOLE_SESSION_ENDPOINTS = concept<SessionUseCases>({
  useCases: ({ use, tokenGuards, consoleBuildDir }) => ({
    signIn: use(SignInToConsole),
    authenticate: use(AuthenticateConsoleSession),
    describe: use(DescribeConsoleSession),
    end: use(EndConsoleSession),
    methods: use(ListConsoleSignInMethods),
    guards: tokenGuards,
    dir: consoleBuildDir,
  }),
  schemas: CONSOLE_SESSION_SCHEMAS,
  endpoints: [
    {
      method: 'post',
      path: '/console/session',
      spec: {
        operationId: 'createConsoleSession',
        summary: 'Sign in to the console',
        description: [
          'Not in EPCC. Starts a console session and sets its cookie: with an application key (`client_id` and `client_secret`, as at the first start, before the store has people), or as one of the merchant’s people (`prefix`, `username`, `password`) through a password profile of the merchant realm the prefix names.',
          'Every refusal of the credentials is the same 401, whatever was unknown or wrong, and costs the same work; failures count against the address they came from, never against a person or a key, so nobody can lock a person out.',
          'The answer is the session as `GET /console/session` gives it; its id is in the cookie only.',
        ].join(' '),
        tag: TAG,
        access: 'public',
        secretBody: true,
        extension: true,
        requestBody: { description: 'A key, or a person.', content: jsonContent(schemaRef('ConsoleSignIn')) },
        success: {
          '201': {
            description: 'Signed in.',
            content: jsonContent(schemaRef('ConsoleSession')),
            headers: { ...COOKIE_HEADER, ...NO_STORE },
          },
        },
        errors: {
          400: 'Neither a key nor a person, or a field that is missing or not usable text (every problem is listed).',
          401: 'The credentials do not match a key, or a person of the store the prefix names.',
          429: {
            description:
              '`authentication_blocked`: too many failed sign-ins from this address; nothing was looked at, right password or not. Another address signs in as usual.',
            codes: ['authentication_blocked'],
          },
        },
      },
      handle: (useCases) => [addressNotBlocked(useCases.guards), useCases.guards.parseBody, signInHandler(useCases)],
    },
    {
      method: 'get',
      path: '/console/session',
      spec: {
        operationId: 'getConsoleSession',
        summary: 'The console session',
        description:
          'Not in EPCC. Who the session cookie signs in (a person with their role, or a key), the store, the CSRF token every write made with the cookie must send as `X-CSRF-Token`, and when the session ends. The console asks it at start, so a reload keeps it signed in.',
        tag: TAG,
        access: 'public',
        extension: true,
        success: {
          '200': {
            description: 'The session.',
            content: jsonContent(schemaRef('ConsoleSession')),
            headers: NO_STORE,
          },
          '204': {
            description: 'No session: no cookie, or one whose session has ended (the cookie is then cleared).',
            headers: NO_STORE,
          },
        },
      },
      handle: (useCases) => async (ctx) => {
        const live = await liveSession(useCases)(ctx);
        if (live !== undefined) return answerSession(ctx, useCases, live.token, live.found);
        // Asked at every start of the page: no session is an answer, not an error a browser would log.
        ctx.set('Cache-Control', 'no-store');
        ctx.status = 204;
      },
    },
    {
      method: 'delete',
      path: '/console/session',
      spec: {
        operationId: 'deleteConsoleSession',
        summary: 'Sign out of the console',
        description:
          'Not in EPCC. Ends the session the cookie names, or with `everywhere=true` every session of the same person or key in the store (other browsers too), and clears the cookie. A write like any other: it needs `X-CSRF-Token`. Without a live session it only clears the cookie.',
        tag: TAG,
        access: 'public',
        extension: true,
        parameters: [
          {
            name: 'everywhere',
            in: 'query',
            required: false,
            description: '`true`: every session of the same person or key ends.',
            schema: { type: 'string', enum: EVERYWHERE_VALUES },
          },
        ],
        success: { '204': { description: 'Signed out.', headers: COOKIE_HEADER } },
        errors: {
          400: '`everywhere` is neither `true` nor `false`.',
          403: '`csrf_token_invalid`: `X-CSRF-Token` is missing or not the session’s.',
          codes: { 403: ['csrf_token_invalid'] },
        },
      },
      handle:
        ({ authenticate, end }) =>
        async (ctx) => {
          const everywhere = ctx.query['everywhere'] ?? 'false';
          if (typeof everywhere !== 'string' || !EVERYWHERE_VALUES.includes(everywhere))
            return respondWithError(ctx, validationFailed(issues('everywhere', 'must be true or false')));
          const token = sessionTokenOf(ctx);
          const found = token === undefined ? undefined : await authenticate.execute(token);
          if (found !== undefined && E.isRight(found)) {
            ctx.state.callerStoreId = found.right.principal.storeId;
            const refused = authenticate.csrfRefusal(found.right.session, ctx.get('X-CSRF-Token'));
            if (refused !== undefined) return respondWithError(ctx, refused);
            await end.execute(found.right, everywhere === 'true');
          }
          clearSessionCookie(ctx);
          ctx.status = 204;
        },
    },
    {
      method: 'get',
      path: '/console/login/{prefix}',
      pathParameters: [PREFIX],
      spec: {
        operationId: 'getConsoleLoginPage',
        summary: "The people's sign-in address",
        description:
          "Not in EPCC. The console's page (as `GET /console`), which at this address offers the sign-in methods of the store the prefix names (`GET /console/login/{prefix}/methods`). As EPCC's Commerce Manager is reached at `…/login/<prefix>`.",
        tag: TAG,
        access: 'public',
        database: false,
        extension: true,
        success: { '200': { description: 'The page.', content: { 'text/html': { schema: { type: 'string' } } } } },
        errors: { 404: 'The package was built without the console.' },
      },
      handle: ({ dir }) => serveConsolePage(dir),
    },
    {
      method: 'get',
      path: '/console/login/{prefix}/methods',
      pathParameters: [PREFIX],
      spec: {
        operationId: 'getConsoleSignInMethods',
        summary: 'How the people of a store sign in',
        description:
          "Not in EPCC. The store's name and its merchant realm's sign-in methods: its password profiles and its OpenID Connect profiles, each with the address that starts a sign-in through it. Names and ids only, nothing secret; no token needed.",
        tag: TAG,
        access: 'public',
        extension: true,
        success: {
          '200': { description: 'The methods.', content: jsonContent(schemaRef('ConsoleSignInMethods')) },
        },
        errors: { 404: 'No store signs in with this prefix (the same answer whatever exists).' },
      },
      handle:
        ({ methods }) =>
        async (ctx) => {
          const prefix = ctx.params['prefix'] ?? '';
          const found =
            prefix.length > PREFIX_MAX
              ? E.left(notFound('no store signs in with this prefix'))
              : await methods.execute(prefix);
          if (E.isLeft(found)) return respondWithError(ctx, found.left);
          ctx.body = { data: signInMethodsResource(found.right) };
        },
    },
  ],
});
