import { PRORATION_POLICY_TYPE } from '../../../domain/billing/proration-policy.js';
import type { PathItem, Schema } from '../openapi/openapi-types.js';
import { ID_PARAMETER, jsonContent, operation } from '../openapi/operation-builder.js';
import { closedObject, constant, dataDocument, dataRequest, openObject, uuid } from '../openapi/schema-builders.js';
import { subscriptionPath, SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';

const reference: Schema = closedObject({ type: constant(PRORATION_POLICY_TYPE), id: uuid });
const request: Schema = dataRequest({
  oneOf: [openObject({ type: constant(PRORATION_POLICY_TYPE), id: uuid }, ['type', 'id']), { type: 'null' }],
});

export const offeringProrationPaths: Readonly<Record<string, PathItem>> = {
  ...subscriptionPath('/subscriptions/offerings/{id}/relationships/proration-policies', {
    parameters: [ID_PARAMETER],
    put: operation({
      operationId: 'manageOfferingProrationPolicy',
      summary: 'Attach a proration policy to an offering, or remove it',
      description: `${SUBSCRIPTIONS_EPCC} The offering uses the given policy from now on, for all its subscriptions; \`"data": null\` removes it. A policy an offering uses cannot be deleted (409 \`in_use\`).`,
      tag: 'Subscription offerings',
      access: 'write',
      requestBody: { description: 'The policy, or `null` for none.', content: jsonContent(request) },
      success: {
        '200': { description: 'The policy the offering uses now.', content: jsonContent(dataDocument(reference)) },
        '204': { description: 'The offering uses no policy now; no body.' },
      },
      errors: {
        400: 'A `data` that is neither `null` nor `{"type": "subscription_proration_policy", "id": <UUID>}`.',
        404: 'No offering of this store has this id, or no proration policy of this store has the given id.',
      },
    }),
  }),
};
