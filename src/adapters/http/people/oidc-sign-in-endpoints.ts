import * as E from 'fp-ts/lib/Either.js';
import { BeginOidcSignIn } from '../../../application/use-cases/authentication-realms/begin-oidc-sign-in.js';
import { FinishOidcSignIn } from '../../../application/use-cases/authentication-realms/finish-oidc-sign-in.js';
import { SIGN_IN_ATTEMPT_MINUTES } from '../../../domain/authentication-realms/oidc-sign-in.js';
import type { TokenGuards } from '../auth/token-guards.js';
import { OIDC_CALLBACK_PATH } from '../authentication-realms/oidc-profile-documents.js';
import { concept } from '../endpoints/endpoint.js';
import type { Content, Header } from '../openapi/openapi-types.js';
import type { UseCase } from '../routes/route-context.js';
import {
  clearStateCookie,
  OIDC_FAILURE_PATH,
  seeOther,
  setStateCookie,
  signInFailurePage,
  stateCookieOf,
  toFailurePage,
} from './oidc-sign-in-pages.js';
import { setSessionCookie } from './session-cookie.js';

const TAG = 'Console';
const html: Content = { 'text/html': { schema: { type: 'string' } } };
const location: Header = { description: 'Where the browser goes next.', required: true, schema: { type: 'string' } };
const setCookie: Header = {
  description: 'The cookie the step sets, if any.',
  required: false,
  schema: { type: 'string' },
};

interface OidcSignInUseCases {
  readonly begin: UseCase<BeginOidcSignIn>;
  readonly finish: UseCase<FinishOidcSignIn>;
  readonly addressOf: TokenGuards['addressOf'];
}

/** The console's sign-in through an identity provider: to the provider, and back. */
export const OIDC_SIGN_IN_ENDPOINTS = concept<OidcSignInUseCases>({
  useCases: ({ use, tokenGuards }) => ({
    begin: use(BeginOidcSignIn),
    finish: use(FinishOidcSignIn),
    addressOf: tokenGuards.addressOf,
  }),
  endpoints: [
    {
      method: 'get',
      path: '/console/login/{prefix}/oidc/{oidcProfileId}',
      spec: {
        operationId: 'beginOidcSignIn',
        summary: 'Sign in to the console through an identity provider',
        description:
          "Not in EPCC's API (its Commerce Manager's login does this). Sends the browser to the provider of an OpenID Connect profile of the merchant realm the login prefix (any case) names, by the authorization code flow with PKCE (S256), `state` and `nonce`; the attempt is kept for 10 minutes. See docs/console.md, Signing in with an identity provider.",
        tag: TAG,
        access: 'public',
        extension: true,
        parameters: [
          {
            name: 'prefix',
            in: 'path',
            required: true,
            description: "The store's merchant realm mapping prefix, in any case.",
            schema: { type: 'string' },
          },
          {
            name: 'oidcProfileId',
            in: 'path',
            required: true,
            description: 'An OpenID Connect profile of the merchant realm.',
            schema: { type: 'string' },
          },
        ],
        success: {
          '303': {
            description:
              "To the provider's authorization endpoint, with the browser's `state` cookie; or, when no store has the prefix, its realm no such profile, or the provider does not answer, to the page saying so.",
            headers: { Location: location, 'Set-Cookie': setCookie },
          },
        },
      },
      handle:
        ({ begin }, { links }) =>
        async (ctx) => {
          const prefix = ctx.params['prefix'] ?? '';
          const redirectUri = `${links(ctx)}${OIDC_CALLBACK_PATH}`;
          const begun = await begin.execute(prefix, ctx.params['oidcProfileId'] ?? '', redirectUri);
          if (E.isLeft(begun))
            return begun.left._tag === 'NoSuchSignIn'
              ? toFailurePage(ctx, 'unknown_sign_in', undefined)
              : toFailurePage(ctx, begun.left.reason, begun.left.prefix);
          setStateCookie(ctx, begun.right.state, SIGN_IN_ATTEMPT_MINUTES * 60);
          seeOther(ctx, begun.right.authorizationUrl.href);
        },
    },
    {
      method: 'get',
      path: OIDC_CALLBACK_PATH,
      spec: {
        operationId: 'finishOidcSignIn',
        summary: "The identity provider's redirect back",
        description:
          "Not in EPCC's API. The redirect URI every profile registers at its provider (the profile's `links.callback-endpoint`). The attempt its `state` names is used once; the code is exchanged and the ID token checked (signature, issuer, audience, nonce, expiry); the person is found by their link to the provider's subject, else by the email the provider verified, else made with the role `read-only`; a console session starts.",
        tag: TAG,
        access: 'public',
        extension: true,
        success: {
          '303': {
            description:
              'Signed in: to `/console`, with the session cookie. Or to the page saying why no one was signed in (an unknown, used or expired attempt, a refusal of the provider, a token that failed its checks).',
            headers: { Location: location, 'Set-Cookie': setCookie },
          },
        },
      },
      handle:
        ({ finish, addressOf }) =>
        async (ctx) => {
          const browserState = stateCookieOf(ctx);
          clearStateCookie(ctx);
          const address = addressOf(ctx);
          const userAgent = ctx.get('User-Agent');
          const finished = await finish.execute(
            { query: new URLSearchParams(ctx.querystring), browserState },
            { ...(address === undefined ? {} : { address }), ...(userAgent === '' ? {} : { userAgent }) },
          );
          if (E.isLeft(finished)) return toFailurePage(ctx, finished.left.reason, finished.left.prefix);
          setSessionCookie(ctx, finished.right.session);
          seeOther(ctx, '/console');
        },
    },
    {
      method: 'get',
      path: OIDC_FAILURE_PATH,
      spec: {
        operationId: 'showOidcSignInFailure',
        summary: 'Why a sign-in through an identity provider did not happen',
        description:
          "Not in EPCC. The page a failed sign-in is sent to: the reason in words (never the provider's own, nor a stack) and a link back to the sign-in page of the prefix. An unknown reason reads as an unknown way of signing in.",
        tag: TAG,
        access: 'public',
        database: false,
        extension: true,
        parameters: [
          { name: 'reason', in: 'query', description: 'Why, as a code.', schema: { type: 'string' } },
          { name: 'prefix', in: 'query', description: 'The login prefix to go back to.', schema: { type: 'string' } },
        ],
        success: { '200': { description: 'The page.', content: html } },
      },
      handle: () => async (ctx) => {
        const text = (name: string) => {
          const value = ctx.query[name];
          return typeof value === 'string' ? value : undefined;
        };
        signInFailurePage(ctx, text('reason'), text('prefix'));
      },
    },
  ],
});
