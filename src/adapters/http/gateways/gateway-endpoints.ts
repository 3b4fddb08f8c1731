import { GetGateway } from '../../../application/use-cases/gateways/get-gateway.js';
import { ListGateways } from '../../../application/use-cases/gateways/list-gateways.js';
import { UpdateGateway } from '../../../application/use-cases/gateways/update-gateway.js';
import {
  EPCC_GATEWAYS,
  GATEWAY_NAMES,
  type GatewaySlug,
  SERVED_GATEWAYS,
} from '../../../domain/gateways/gateway-slug.js';
import { concept, type Endpoint } from '../endpoints/endpoint.js';
import { answer, inData, withData } from '../endpoints/handlers.js';
import type { Parameter } from '../openapi/openapi-types.js';
import { jsonContent } from '../openapi/operation-builder.js';
import { arrayOf, dataDocument, dataRequest, schemaRef } from '../openapi/schema-builders.js';
import type { UseCase } from '../routes/route-context.js';
import { gatewayResource } from './gateway-documents.js';
import { GATEWAY_SCHEMA, gatewayChangesSchema } from './gateway-schemas.js';

const TAG = 'Gateways';
const SERVED = SERVED_GATEWAYS.map((slug) => `\`${slug}\``).join(', ');
const EPCC = `As EPCC's Gateways API (\`openapispecs/payments/\` in elasticpath/elasticpath-dev), for the gateways this service serves: ${SERVED}. Credentials are stored encrypted (AES-256-GCM under the deployment's \`GATEWAY_CREDENTIALS_KEY\`) and answered masked. See docs/gateways.md.`;
const NOT_SERVED = `A slug of EPCC's that this service does not serve (\`gateway_not_served\`); \`detail\` names the served ones: ${SERVED}.`;

type Params = { readonly params: Readonly<Record<string, string | undefined>> };
const slugParam = (ctx: Params): string => ctx.params['gatewaySlug'] ?? '';

const SLUG_PARAMETER: Parameter = {
  name: 'gatewaySlug',
  in: 'path',
  required: true,
  description: `The gateway: one of ${SERVED}. EPCC's other slugs are answered 422, anything else 404.`,
  schema: { type: 'string', enum: EPCC_GATEWAYS },
};

const gatewayDocument = jsonContent(dataDocument(schemaRef('Gateway')));

/** EPCC's operation ids, one PUT per gateway as its document has them. */
const UPDATE_OPERATIONS: Readonly<Record<GatewaySlug, string>> = {
  manual: 'updateManualGateway',
  stripe_payment_intents: 'updateStripeIntentsGateway',
  elastic_path_payments_stripe: 'updateEpPaymentsStripe',
  authorize_net: 'updateAuthorizeNetGateway',
};

type GatewayUseCases = {
  readonly list: UseCase<ListGateways>;
  readonly get: UseCase<GetGateway>;
  readonly update: UseCase<UpdateGateway>;
};

const updateEndpoint = (slug: GatewaySlug): Endpoint<GatewayUseCases> => ({
  method: 'put',
  path: `/v2/gateways/${slug}`,
  spec: {
    operationId: UPDATE_OPERATIONS[slug],
    summary: `Change the ${GATEWAY_NAMES[slug]} gateway`,
    description: `${EPCC} A partial update: fields left out keep their values. Takes no Idempotency-Key: the body may carry a credential, and a stored key keeps a hash of the body.`,
    tag: TAG,
    access: 'admin',
    secretBody: true,
    requestBody: {
      description: 'The settings to change.',
      content: jsonContent(dataRequest(gatewayChangesSchema(slug))),
    },
    success: { '200': { description: 'The gateway as it is now, credentials masked.', content: gatewayDocument } },
    errors: {
      400: "A field of the wrong type or shape (a credential is never repeated in the error), a `slug` that is not the path's, or a required credential the gateway does not hold yet.",
      422: 'The body carries a credential and the deployment has no `GATEWAY_CREDENTIALS_KEY` (`credentials_key_missing`): nothing is changed.',
      codes: { 422: ['credentials_key_missing'] },
    },
  },
  handle: ({ update }) =>
    answer(
      withData((data, storeId) => update.execute(storeId, slug, data)),
      inData(gatewayResource),
    ),
});

/** `/v2/gateways`: each store's payment gateways; store administration, so implicit tokens get 403. */
export const GATEWAY_ENDPOINTS = concept<GatewayUseCases>({
  useCases: ({ use }) => ({ list: use(ListGateways), get: use(GetGateway), update: use(UpdateGateway) }),
  schemas: { Gateway: GATEWAY_SCHEMA },
  endpoints: [
    {
      method: 'get',
      path: '/v2/gateways',
      spec: {
        operationId: 'getAllGateways',
        summary: 'Get all gateways',
        description: `${EPCC} Every served gateway, configured or not, in this order: ${SERVED}; not paged, as EPCC's is not.`,
        tag: TAG,
        access: 'admin',
        success: {
          '200': {
            description: 'The gateways, credentials masked.',
            content: jsonContent(dataDocument(arrayOf(schemaRef('Gateway')))),
          },
        },
      },
      handle: ({ list }) =>
        answer(
          (storeId) => list.execute(storeId),
          inData((gateways) => gateways.map(gatewayResource)),
        ),
    },
    {
      method: 'get',
      path: '/v2/gateways/{gatewaySlug}',
      pathParameters: [SLUG_PARAMETER],
      spec: {
        operationId: 'getAGateway',
        summary: 'Get a gateway',
        description: `${EPCC} A gateway never changed is disabled, not in test mode, and holds no credentials.`,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The gateway, credentials masked.', content: gatewayDocument } },
        errors: {
          404: `No gateway has this slug; \`detail\` names the served ones: ${SERVED}.`,
          422: NOT_SERVED,
          codes: { 422: ['gateway_not_served'] },
        },
      },
      handle: ({ get }) => answer((storeId, ctx) => get.execute(storeId, slugParam(ctx)), inData(gatewayResource)),
    },
    ...SERVED_GATEWAYS.map(updateEndpoint),
  ],
});
