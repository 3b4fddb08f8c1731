import { FIRING_KEYS, OBSERVABLE_KEYS } from '../../../domain/events/event-keys.js';
import {
  DELIVERY_STATUSES,
  HTTP_STATUS_MAX,
  HTTP_STATUS_MIN,
  LOGGED_BODY_MAX,
} from '../../../domain/integrations/delivery.js';
import {
  DESCRIPTION_MAX,
  EPCC_INTEGRATION_TYPES,
  INTEGRATION_TYPE,
  NAME_MAX,
  OBSERVES_MAX,
  SECRET_KEY_MAX,
  SECRET_KEY_PATTERN,
  URL_MAX,
} from '../../../domain/integrations/integration.js';
import type { Schema } from '../openapi/openapi-types.js';
import { listResponseSchema } from '../openapi/operation-builder.js';
import {
  arrayOf,
  boolean,
  closedObject,
  constant,
  dataRequest,
  integer,
  nullable,
  oneOfStrings,
  openObject,
  schemaRef,
  text,
  timestamp,
  uri,
  uuid,
} from '../openapi/schema-builders.js';

export const TAG = 'Integrations';

const observableKey = oneOfStrings(
  [...OBSERVABLE_KEYS],
  `One of EPCC's observable keys, or this service's \`subscription-subscriber.entitlements_changed\`; this service emits ${FIRING_KEYS.map((k) => `\`${k}\``).join(', ')}.`,
);
const SECRET_KEY: Schema = {
  ...text(
    1,
    SECRET_KEY_MAX,
    'Sent as `X-MOLTIN-SECRET-KEY` and used to sign each delivery (`webhook-signature`): printable ASCII, no space at either end, as a header carries it unchanged (422 otherwise).',
  ),
  pattern: SECRET_KEY_PATTERN.source,
};
export const configuration = (required: readonly string[], clearable: boolean): Schema =>
  openObject(
    {
      url: text(
        1,
        URL_MAX,
        'An absolute http or https URL. Its host may not be or resolve to a loopback, private, link-local, CGNAT, multicast, reserved or metadata address unless the operator allows private receivers (`INTEGRATIONS_ALLOW_PRIVATE`); cloud metadata addresses never.',
      ),
      secret_key: clearable ? { ...nullable(SECRET_KEY), description: '`null` removes the secret.' } : SECRET_KEY,
    },
    required,
  );
export const stamps = { created_at: timestamp, updated_at: timestamp };

export const integration: Schema = closedObject(
  {
    id: uuid,
    type: constant(INTEGRATION_TYPE),
    name: text(1, NAME_MAX),
    description: text(0, DESCRIPTION_MAX),
    enabled: boolean,
    integration_type: constant('webhook'),
    observes: arrayOf(observableKey, { maxItems: OBSERVES_MAX }),
    configuration: closedObject({ url: text(1, URL_MAX), secret_key: text(1, SECRET_KEY_MAX) }, ['secret_key']),
    links: closedObject({ self: uri }),
    meta: closedObject({ timestamps: closedObject(stamps) }),
  },
  ['description'],
  'A webhook the store is told about observed events at.',
);

export const reference = (type: string): Schema =>
  closedObject({ data: closedObject({ id: uuid, type: constant(type) }) });

export const integrationJob: Schema = closedObject(
  {
    id: uuid,
    type: constant('integration-job'),
    triggered_by: observableKey,
    status: oneOfStrings(
      DELIVERY_STATUSES,
      '`pending` until an attempt succeeds (`succeeded`) or the retries are spent (`failed`).',
    ),
    attempts: integer(0),
    relationships: closedObject({ integration: reference(INTEGRATION_TYPE) }),
    meta: closedObject({ timestamps: closedObject(stamps), next_attempt_at: timestamp }, ['next_attempt_at']),
  },
  [],
  'One event to deliver to one integration.',
);

const integrationLog: Schema = closedObject(
  {
    id: uuid,
    type: constant(INTEGRATION_TYPE, 'EPCC documents a log as of type `integration`.'),
    succeeded: boolean,
    attempt: integer(1),
    body: text(0, LOGGED_BODY_MAX, "The start of the receiver's answer."),
    status_code: integer(
      HTTP_STATUS_MIN,
      HTTP_STATUS_MAX,
      'The HTTP status of the answer; absent when there was none.',
    ),
    error_detail: { type: 'string' },
    relationships: closedObject({ integration: reference(INTEGRATION_TYPE), job: reference('integration-job') }),
    meta: closedObject({ duration_ms: integer(0), timestamps: closedObject({ created_at: timestamp }) }),
  },
  ['status_code', 'error_detail'],
  'One delivery attempt.',
);

export const INTEGRATION_SCHEMAS = {
  Integration: integration,
  IntegrationJob: integrationJob,
  IntegrationLog: integrationLog,
};

export const fields = {
  type: constant(INTEGRATION_TYPE),
  name: text(1, NAME_MAX),
  description: text(0, DESCRIPTION_MAX),
  enabled: { ...boolean, description: 'Default true.' },
  integration_type: oneOfStrings(
    [...EPCC_INTEGRATION_TYPES],
    'Only `webhook` is delivered here; the others answer 422 (`integration_type_unsupported`).',
  ),
  observes: arrayOf(observableKey, { maxItems: OBSERVES_MAX }),
};
export const newIntegration = dataRequest(
  openObject({ ...fields, configuration: configuration(['url'], false) }, [
    'type',
    'name',
    'integration_type',
    'observes',
    'configuration',
  ]),
);
export const integrationChanges = dataRequest(
  openObject(
    {
      ...fields,
      description: { ...nullable(fields.description), description: '`null` removes it.' },
      configuration: configuration([], true),
    },
    ['type'],
    'The fields to change; `description` and `configuration.secret_key` may be cleared with null.',
  ),
);

export const logList = listResponseSchema(
  schemaRef('IntegrationLog'),
  {
    limit: integer(1),
    offset: integer(0),
    current: integer(1),
    total: integer(0, undefined, "EPCC's PaginationMeta: the number of pages, as in `meta.page.total`."),
  },
  { results: closedObject({ total: integer(0) }) },
);
export const JOB_ID = {
  name: 'job_id',
  in: 'path' as const,
  required: true,
  description: "The id of one of the integration's jobs.",
  schema: { type: 'string' } as Schema,
};

export const INVALID =
  'Every invalid field, each with its `source` (`data.name`, `data.observes.2`, `data.configuration.url`...).';
export const REFUSED =
  "`integration_type` is `aws_sqs` or `stomp`, which are not delivered here (`integration_type_unsupported`); or the URL's host is or resolves to an address webhooks may not reach (`receiver_refused`).";
export const NOT_FOUND = 'No integration of this store has this id.';
export const EPCC = "EPCC's Integrations API.";
export const FULL_ACCESS =
  'An integration sends store data to a URL of its choosing, so it needs a key with full access.';
