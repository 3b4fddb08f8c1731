import { GetCorsSettings } from '../../../application/use-cases/settings/get-cors-settings.js';
import { UpdateCorsSettings } from '../../../application/use-cases/settings/update-cors-settings.js';
import { ALLOWED_ORIGINS_MAX, allowedOriginsList, type CorsSettings } from '../../../domain/settings/cors-settings.js';
import { ORIGIN_MAX } from '../../../domain/settings/origin.js';
import { SETTINGS_TYPE } from '../../../domain/settings/settings-input.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, inData, withData } from '../endpoints/handlers.js';
import type { Schema } from '../openapi/openapi-types.js';
import { jsonContent } from '../openapi/operation-builder.js';
import {
  arrayOf,
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  openObject,
  schemaRef,
} from '../openapi/schema-builders.js';
import type { UseCase } from '../routes/route-context.js';

const DESCRIPTION = [
  'Not in EPCC. Which other origins may read, from a browser, the answers of the routes open to browsers: the token endpoints, the subscription catalogue and what a shopper reads of their own.',
  '`["*"]` (the default) is any origin; a list narrows it to those origins; `[]` opens them to none.',
  "A preflight carries no token and so no store: it is allowed for those routes from any origin, and the answer itself carries `Access-Control-Allow-Origin` only when the store allows the caller's origin.",
  "Routes for the merchant alone (keys, settings, subscriptions, …) and the console are never opened by this setting: only the deployment's `CORS_ADMIN_ORIGINS` opens them.",
  'A browser check, not access control: a client outside a browser sends what `Origin` it likes.',
].join(' ');

const allowedOrigins: Schema = {
  ...arrayOf(
    { type: 'string', pattern: '^(\\*|[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\s]+)$' },
    { maxItems: ALLOWED_ORIGINS_MAX },
  ),
  description: `\`["*"]\` for any origin, else up to ${ALLOWED_ORIGINS_MAX} origins, each \`scheme://host[:port]\` with \`http\` or \`https\` and no path, at most ${ORIGIN_MAX} characters; they are answered as browsers write them (lower case, without a default port), each once.`,
};

const corsSettings: Schema = {
  ...closedObject({ type: constant(SETTINGS_TYPE), allowed_origins: allowedOrigins }),
  'x-extension': true,
};
const corsSettingsDocument = jsonContent(dataDocument(schemaRef('CorsSettings')));

const corsSettingsResource = (settings: CorsSettings) => ({
  type: SETTINGS_TYPE,
  allowed_origins: allowedOriginsList(settings),
});

/** `/v2/settings/cors`: the origins a store's browser routes answer; store administration, so implicit tokens get 403. */
export const CORS_SETTINGS_ENDPOINTS = concept<{
  readonly get: UseCase<GetCorsSettings>;
  readonly update: UseCase<UpdateCorsSettings>;
}>({
  useCases: ({ use }) => ({ get: use(GetCorsSettings), update: use(UpdateCorsSettings) }),
  schemas: { CorsSettings: corsSettings },
  endpoints: [
    {
      method: 'get',
      path: '/v2/settings/cors',
      spec: {
        operationId: 'getCorsSettings',
        summary: 'Get the origins that may call the store from a browser',
        description: DESCRIPTION,
        tag: 'Settings',
        access: 'admin',
        extension: true,
        success: { '200': { description: 'The CORS settings.', content: corsSettingsDocument } },
      },
      handle: ({ get }) => answer((storeId) => get.execute(storeId), inData(corsSettingsResource)),
    },
    {
      method: 'put',
      path: '/v2/settings/cors',
      spec: {
        operationId: 'updateCorsSettings',
        summary: 'Change the origins that may call the store from a browser',
        description: `${DESCRIPTION} A partial update: without \`allowed_origins\` the list stays as it is.`,
        tag: 'Settings',
        access: 'admin',
        extension: true,
        requestBody: {
          description: 'The settings to change.',
          content: jsonContent(
            dataRequest(openObject({ type: constant(SETTINGS_TYPE), allowed_origins: allowedOrigins }, ['type'])),
          ),
        },
        success: { '200': { description: 'The CORS settings as they are now.', content: corsSettingsDocument } },
        errors: {
          400: 'A missing or wrong `type`, or `allowed_origins` that is not a list of origins (each bad entry is named by its index), holds `*` beside origins, or holds too many.',
        },
      },
      handle: ({ update }) =>
        answer(
          withData((data, storeId) => update.execute(storeId, data)),
          inData(corsSettingsResource),
        ),
    },
  ],
});
