import type { Selectable } from 'kysely';
import { isObservableKey, type ObservableKey } from '../../../../domain/events/event-keys.js';
import type { Delivery, DeliveryLog, DeliveryStatus } from '../../../../domain/integrations/delivery.js';
import type { Integration, IntegrationAttributes } from '../../../../domain/integrations/integration.js';
import { bool } from '../billing/invoice-rows.js';
import type { IntegrationJobsTable, IntegrationLogsTable, IntegrationsTable } from '../engine/schema.js';
import { storedUuid } from '../sql/stored-json.js';

/** `,key,key,`, so that a key is found as `,key,` and no key is ever a part of another. */
export const keyList = (keys: readonly string[]): string => `,${keys.join(',')},`;

const observedKey = (what: string, key: string): ObservableKey => {
  if (!isObservableKey(key)) throw new Error(`stored ${what} has an unknown observable key '${key}'`);
  return key;
};

export const integrationFromRow = (row: Selectable<IntegrationsTable>): Integration => {
  const attributes: IntegrationAttributes = {
    name: row.name,
    ...(row.description === null ? {} : { description: row.description }),
    enabled: bool(row.enabled),
    integration_type:
      row.integration_type === 'webhook'
        ? 'webhook'
        : (() => {
            throw new Error(`stored integration type '${row.integration_type}'`);
          })(),
    observes: row.observed_keys
      .split(',')
      .filter((k) => k !== '')
      .map((k) => observedKey('integration', k)),
    configuration: { url: row.url, ...(row.secret_key === null ? {} : { secret_key: row.secret_key }) },
  };
  return {
    id: storedUuid('integration id', row.id),
    storeId: storedUuid('integration store', row.store_id),
    attributes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

export const integrationToRow = (integration: Integration) => ({
  id: integration.id,
  store_id: integration.storeId,
  name: integration.attributes.name,
  description: integration.attributes.description ?? null,
  enabled: integration.attributes.enabled,
  integration_type: integration.attributes.integration_type,
  observed_keys: keyList(integration.attributes.observes),
  url: integration.attributes.configuration.url,
  secret_key: integration.attributes.configuration.secret_key ?? null,
  created_at: integration.createdAt,
  updated_at: integration.updatedAt,
});

const STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed'];

export const deliveryFromRow = (row: Selectable<IntegrationJobsTable>): Delivery => {
  const status = STATUSES.find((s) => s === row.status);
  if (status === undefined) throw new Error(`stored integration job status '${row.status}'`);
  return {
    id: storedUuid('integration job id', row.id),
    storeId: storedUuid('integration job store', row.store_id),
    integrationId: storedUuid('integration job integration', row.integration_id),
    eventId: storedUuid('integration job event', row.event_id),
    key: observedKey('integration job', row.observed_key),
    status,
    attempts: Number(row.attempts),
    ...(row.due_at === null ? {} : { nextAttemptAt: row.due_at }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

export const logFromRow = (row: Selectable<IntegrationLogsTable>): DeliveryLog => ({
  id: storedUuid('integration log id', row.id),
  storeId: storedUuid('integration log store', row.store_id),
  integrationId: storedUuid('integration log integration', row.integration_id),
  deliveryId: storedUuid('integration log job', row.job_id),
  attempt: Number(row.attempt),
  succeeded: bool(row.succeeded),
  ...(row.status_code === null ? {} : { statusCode: Number(row.status_code) }),
  body: row.body,
  ...(row.error_detail === null ? {} : { errorDetail: row.error_detail }),
  durationMs: Number(row.duration_ms),
  createdAt: row.created_at,
});

export const logToRow = (log: DeliveryLog) => ({
  id: log.id,
  store_id: log.storeId,
  integration_id: log.integrationId,
  job_id: log.deliveryId,
  attempt: log.attempt,
  succeeded: log.succeeded,
  status_code: log.statusCode ?? null,
  body: log.body,
  error_detail: log.errorDetail ?? null,
  duration_ms: log.durationMs,
  created_at: log.createdAt,
});
