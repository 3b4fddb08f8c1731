import * as E from 'fp-ts/lib/Either.js';
import type { FailedAuthentications } from '../../../application/use-cases/auth/failed-authentications.js';
import { CreateAccountMemberTokens } from '../../../application/use-cases/authentication-realms/create-account-member-tokens.js';
import { ACCOUNT_MEMBER_TOKEN_HEADER } from '../../../domain/auth/shopper-access.js';
import { addressNotBlocked, type TokenGuards } from '../auth/token-guards.js';
import { concept } from '../endpoints/endpoint.js';
import { type HttpContext, principalOf, respondWithError } from '../http-state.js';
import { jsonContent } from '../openapi/operation-builder.js';
import { dataRequest, schemaRef } from '../openapi/schema-builders.js';
import { requestData } from '../request-body.js';
import type { UseCase } from '../routes/route-context.js';
import { accountMemberTokensDocument } from './authentication-realm-documents.js';
import { accountMemberTokenRequest } from './authentication-realm-schemas.js';

interface AccountMemberTokenUseCases {
  readonly issue: UseCase<CreateAccountMemberTokens>;
  readonly failures: Pick<FailedAuthentications, 'retryAfter' | 'failed'>;
  readonly addressOf: TokenGuards['addressOf'];
}

const presentedToken = (ctx: HttpContext): string | undefined => ctx.get(ACCOUNT_MEMBER_TOKEN_HEADER) || undefined;

/**
 * `POST /v2/account-members/tokens`, as EPCC (`openapispecs/accounts/OpenAPISpec.yaml`). The bearer names the
 * store: an implicit token (what a storefront holds) or a client-credentials one. A refused sign-in counts
 * against the caller's address, in the same budget as failed client credentials, and never against the
 * member: a caller guessing passwords slows only itself (docs/accounts.md has the reasoning and figures).
 */
export const ACCOUNT_MEMBER_TOKEN_ENDPOINTS = concept<AccountMemberTokenUseCases>({
  useCases: ({ use, tokenGuards }) => ({
    issue: use(CreateAccountMemberTokens),
    failures: tokenGuards.failures,
    addressOf: tokenGuards.addressOf,
  }),
  endpoints: [
    {
      method: 'post',
      path: '/v2/account-members/tokens',
      spec: {
        operationId: 'createAccountMemberTokens',
        summary: 'Sign an account member in: account member tokens',
        description: [
          "As EPCC (`openapispecs/accounts/OpenAPISpec.yaml` in elasticpath/elasticpath-dev): one `account_management_authentication_token` per account the member belongs to (none for a member of no account), and the member's id in `meta.account_member_id`.",
          "`password`: `password_profile_id`, `username`, `password`. `self_signup` (once the store enables it): the same with `name` and `email`; makes the member, and with `auto_create_account_for_account_members` an account named after them. `account_management_authentication_token`: the member's token in `EP-Account-Management-Authentication-Token`, and `account_id` to switch to, or none for every account.",
          "Any token of the store may call it, an implicit one included. Takes no Idempotency-Key (the body carries a password, the answer live tokens). A wrong password and an unknown username get the same 401 after the same work; each counts against the caller's address, never against the member.",
        ].join(' '),
        tag: 'Account management authentication',
        access: 'catalogue',
        secretBody: true,
        parameters: [
          {
            name: ACCOUNT_MEMBER_TOKEN_HEADER,
            in: 'header',
            required: false,
            description: 'With `account_management_authentication_token`: a token the member holds.',
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          description: 'The mechanism and its fields.',
          content: jsonContent(dataRequest(accountMemberTokenRequest)),
        },
        success: {
          '201': {
            description: 'The tokens; `Cache-Control: no-store`.',
            content: jsonContent(schemaRef('AccountMemberTokens')),
          },
        },
        errors: {
          400: 'A missing or wrong `type` or `authentication_mechanism`, or a field of the mechanism missing or out of its rules (the password is named by `source`, never echoed).',
          401: 'The username or password is not correct (one answer for both), or the member token given to switch accounts is not valid.',
          403: 'Self-signup while the store has not enabled it (`self_signup_disabled`).',
          404: "The store's realm has no password profile with `password_profile_id`, or the member does not belong to `account_id`.",
          409: 'Self-signup with a username the profile holds already (`username_taken`), or an email another member holds (`email_taken`).',
          422: '`passwordless` or `oidc`, which this service does not serve (`not_served_yet`).',
          429: {
            description:
              "`authentication_blocked`: too many refused sign-ins or credentials from this address; nothing was looked at. Other addresses, the member's own included, are not held up.",
            codes: ['authentication_blocked'],
          },
          codes: {
            403: ['self_signup_disabled'],
            409: ['username_taken', 'email_taken'],
            422: ['not_served_yet'],
          },
        },
      },
      handle: ({ issue, failures, addressOf }) => [
        addressNotBlocked({ failures, addressOf }),
        async (ctx) => {
          const data = requestData(ctx);
          if (E.isLeft(data)) return respondWithError(ctx, data.left);
          const issued = await issue.execute(principalOf(ctx).storeId, data.right, presentedToken(ctx));
          if (E.isLeft(issued)) {
            if (issued.left._tag === 'Unauthenticated') {
              await failures.failed(addressOf(ctx));
              ctx.set('WWW-Authenticate', 'Bearer');
            }
            return respondWithError(ctx, issued.left);
          }
          ctx.status = 201;
          ctx.set('Cache-Control', 'no-store');
          ctx.body = accountMemberTokensDocument(issued.right);
        },
      ],
    },
  ],
});
