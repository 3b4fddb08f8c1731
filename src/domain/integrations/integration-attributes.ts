import {
  DESCRIPTION_MAX,
  NAME_MAX,
  OBSERVES_MAX,
  SECRET_KEY_MAX,
  SUPPORTED_INTEGRATION_TYPES,
  URL_MAX,
} from './integration.js';

/** One field of an integration, as EPCC's attribute endpoints describe a resource's fields for forms. */
export interface IntegrationAttribute {
  readonly label: string;
  readonly value: string;
  readonly type: 'string' | 'boolean' | 'array';
  readonly required: boolean;
  readonly description: string;
}

/**
 * The fields `POST /v2/integrations` takes, for `GET /v2/integrations/attributes` (in EPCC's Postman
 * collection; its OpenAPI document does not define it). The limits are those the parser enforces.
 */
export const INTEGRATION_ATTRIBUTES: readonly IntegrationAttribute[] = [
  { label: 'Name', value: 'name', type: 'string', required: true, description: `1 to ${NAME_MAX} characters.` },
  {
    label: 'Description',
    value: 'description',
    type: 'string',
    required: false,
    description: `Up to ${DESCRIPTION_MAX} characters.`,
  },
  {
    label: 'Enabled',
    value: 'enabled',
    type: 'boolean',
    required: false,
    description: 'Whether events are delivered; true unless given.',
  },
  {
    label: 'Integration type',
    value: 'integration_type',
    type: 'string',
    required: true,
    description: `One of EPCC's types; this service delivers ${SUPPORTED_INTEGRATION_TYPES.map((t) => `'${t}'`).join(', ')}.`,
  },
  {
    label: 'Observes',
    value: 'observes',
    type: 'array',
    required: true,
    description: `Keys of EPCC's observable events, at most ${OBSERVES_MAX} (a repeat counts once); none observes nothing.`,
  },
  {
    label: 'URL',
    value: 'configuration.url',
    type: 'string',
    required: true,
    description: `The receiver's http or https URL, up to ${URL_MAX} characters.`,
  },
  {
    label: 'Secret key',
    value: 'configuration.secret_key',
    type: 'string',
    required: false,
    description: `Sent as X-MOLTIN-SECRET-KEY and signing the webhook; 1 to ${SECRET_KEY_MAX} printable ASCII characters, no space at either end.`,
  },
];
