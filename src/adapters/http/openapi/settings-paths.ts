import { PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../../../domain/query/page.js';
import { SETTINGS_TYPE } from '../../../domain/store/settings-input.js';
import type { PathItem, Schema } from './openapi-types.js';
import { jsonContent, operation } from './operation-builder.js';
import { closedObject, constant, dataDocument, dataRequest, integer, openObject, schemaRef } from './schema-builders.js';

const TAG = 'Settings';
const EPCC = 'As EPCC (`openapispecs/settings/OpenAPISpec.yaml` in elasticpath/elasticpath-dev), with `page_length` alone of its settings.';
const pageLength = integer(PAGE_LIMIT_MIN, PAGE_LIMIT_MAX, 'The default `page[limit]` of every list of the store.');

const settings: Schema = closedObject({ type: constant(SETTINGS_TYPE), page_length: pageLength });

export const SETTINGS_SCHEMAS = { Settings: settings };

const settingsDocument = jsonContent(dataDocument(schemaRef('Settings')));

export const settingsPaths: Readonly<Record<string, PathItem>> = {
  '/v2/settings': {
    get: operation({
      operationId: 'getSettings',
      summary: "Get the store's settings",
      description: EPCC,
      tag: TAG,
      access: 'admin',
      success: { '200': { description: 'The settings.', content: settingsDocument } },
    }),
    put: operation({
      operationId: 'updateSettings',
      summary: "Change the store's settings",
      description: `${EPCC} A partial update.`,
      tag: TAG,
      access: 'admin',
      requestBody: { description: 'The settings to change.', content: jsonContent(dataRequest(openObject({ type: constant(SETTINGS_TYPE), page_length: pageLength }, ['type']))) },
      success: { '200': { description: 'The settings as they are now.', content: settingsDocument } },
      errors: { 400: 'A missing or wrong `type`, or `page_length` out of range.' },
    }),
    delete: operation({
      operationId: 'resetSettings',
      summary: "Reset the store's settings to their defaults",
      description: EPCC,
      tag: TAG,
      access: 'admin',
      success: { '204': { description: 'Reset; no body.' } },
    }),
  },
};
