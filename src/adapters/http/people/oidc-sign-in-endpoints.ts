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
  failureMessage,
  setStateCookie,
  signInFailurePage,
  signInPageOf,
  stateCookieOf,
} from './oidc-sign-in-pages.js';
import { setSessionCookie } from './session-cookie.js';

const TAG = 'Console';
const html: Content = { 'text/html': { schema: { type: 'string' } } };
const location: Header = { description: 'Where the browser goes next.', required: true, schema: { type: 'string' } };
const setCookie: Header = { description: 'The cookie the step sets.', required: true, schema: { type: 'string' } };

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
            description: "To the provider's authorization endpoint, with the browser's `state` cookie.",
            headers: { Location: location, 'Set-Cookie': setCookie },
          },
          '404': { description: 'A page: no store has the prefix, or its realm no such profile.', content: html },
          '502': { description: 'A page: the provider did not answer with its discovery document.', content: html },
        },
      },
      handle:
        ({ begin }, { links }) =>
        async (ctx) => {
          const prefix = ctx.params['prefix'] ?? '';
          const redirectUri = `${links(ctx)}${OIDC_CALLBACK_PATH}`;
          const begun = await begin.execute(prefix, ctx.params['oidcProfileId'] ?? '', redirectUri);
          if (E.isLeft(begun)) {
            if (begun.left._tag === 'NoSuchSignIn')
              return signInFailurePage(ctx, 404, 'There is no such way of signing in to this store.', '/console');
            return signInFailurePage(ctx, 502, failureMessage(begun.left.reason), signInPageOf(begun.left.prefix));
          }
          setStateCookie(ctx, begun.right.state, SIGN_IN_ATTEMPT_MINUTES * 60);
          ctx.set('Cache-Control', 'no-store');
          ctx.set('Referrer-Policy', 'no-referrer');
          ctx.status = 303;
          ctx.redirect(begun.right.authorizationUrl.href);
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
            description: 'Signed in: to `/console`, with the session cookie.',
            headers: { Location: location, 'Set-Cookie': setCookie },
          },
          '403': {
            description:
              'A page saying why no one was signed in (an unknown, used or expired attempt, a refusal of the provider, a token that failed its checks), linking back to the sign-in page.',
            content: html,
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
          if (E.isLeft(finished))
            return signInFailurePage(
              ctx,
              403,
              failureMessage(finished.left.reason),
              signInPageOf(finished.left.prefix),
            );
          setSessionCookie(ctx, finished.right.session);
          ctx.set('Cache-Control', 'no-store');
          ctx.set('Referrer-Policy', 'no-referrer');
          ctx.status = 303;
          ctx.redirect('/console');
        },
    },
  ],
});
