import { GetAccountAuthenticationSettings } from '../../../application/use-cases/authentication-realms/get-account-authentication-settings.js';
import { UpdateAccountAuthenticationSettings } from '../../../application/use-cases/authentication-realms/update-account-authentication-settings.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, withData } from '../endpoints/handlers.js';
import { jsonContent } from '../openapi/operation-builder.js';
import { dataDocument, dataRequest, schemaRef } from '../openapi/schema-builders.js';
import type { UseCase } from '../routes/route-context.js';
import { accountAuthenticationResource } from './authentication-realm-documents.js';
import { accountAuthenticationSettingsChanges } from './authentication-realm-schemas.js';

const TAG = 'Account authentication settings';
const EPCC =
  "As EPCC (`openapispecs/accounts/OpenAPISpec.yaml` in elasticpath/elasticpath-dev): how shoppers sign up and how long their account member tokens live, with the store's account authentication realm in `relationships.authentication_realm` (where storefronts find their password profiles). See docs/accounts.md.";
const settingsDocument = jsonContent(dataDocument(schemaRef('AccountAuthenticationSettings')));

interface AccountAuthenticationSettingsUseCases {
  readonly get: UseCase<GetAccountAuthenticationSettings>;
  readonly update: UseCase<UpdateAccountAuthenticationSettings>;
}

/** `/v2/settings/account-authentication`: store administration, so implicit tokens get 403. */
export const ACCOUNT_AUTHENTICATION_SETTINGS_ENDPOINTS = concept<AccountAuthenticationSettingsUseCases>({
  useCases: ({ use }) => ({
    get: use(GetAccountAuthenticationSettings),
    update: use(UpdateAccountAuthenticationSettings),
  }),
  endpoints: [
    {
      method: 'get',
      path: '/v2/settings/account-authentication',
      spec: {
        operationId: 'getAccountAuthenticationSettings',
        summary: "Get the store's account authentication settings",
        description: EPCC,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The settings.', content: settingsDocument } },
      },
      handle: ({ get }, { links }) =>
        answer(
          (storeId) => get.execute(storeId),
          (found, ctx) => ({ data: accountAuthenticationResource(found, links(ctx)) }),
        ),
    },
    {
      method: 'put',
      path: '/v2/settings/account-authentication',
      spec: {
        operationId: 'updateAccountAuthenticationSettings',
        summary: "Change the store's account authentication settings",
        description: `${EPCC} A partial update: a field left out keeps its value.`,
        tag: TAG,
        access: 'admin',
        requestBody: {
          description: 'The settings to change.',
          content: jsonContent(dataRequest(accountAuthenticationSettingsChanges)),
        },
        success: { '200': { description: 'The settings as they are now.', content: settingsDocument } },
        errors: {
          400: 'A missing or wrong `type`, a field that is not a boolean, an `account_member_self_management` other than `disabled` or `update_only`, or a token lifetime out of range.',
        },
      },
      handle: ({ update }, { links }) =>
        answer(
          withData((data, storeId) => update.execute(storeId, data)),
          (found, ctx) => ({ data: accountAuthenticationResource(found, links(ctx)) }),
        ),
    },
  ],
});
