import type { Access } from '../../../domain/auth/grant.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  DELETED,
  jsonContent,
  listResponseSchema,
  PAGE_REFUSED,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  openObject,
  type parameterRef,
  requestFields,
  schemaRef,
  timestamp,
} from '../openapi/schema-builders.js';
import { SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';
import type { RecordOperations } from './record-endpoints.js';

/** Every record's `meta`: its owner and its timestamps, as EPCC writes them. */
export const RECORD_META: Schema = closedObject({
  owner: constant('store', 'Every record belongs to the store.'),
  timestamps: closedObject({ created_at: timestamp, updated_at: timestamp }),
});

const typed = (type: string, attributes: Schema): Schema =>
  dataRequest(openObject({ type: constant(type), attributes }, ['type', 'attributes']));

/** What the five operations of a kind of record are made from: its names, fields and refusals. */
export interface RecordKindDescription {
  readonly tag: string;
  readonly collection: string;
  readonly schema: string;
  readonly singular: string;
  readonly plural: string;
  readonly operationNoun: string;
  readonly type: string;
  readonly fields: Readonly<Record<string, Schema>>;
  readonly optional: readonly string[];
  readonly required: readonly string[];
  readonly conflict: { readonly code: 'external_ref_taken' | 'default_taken'; readonly description: string };
  readonly invalid: string;
  readonly deletion: string;
  readonly deleteConflict?: string;
  /** The list's `filter`, for kinds EPCC lets filter on `external_ref`. */
  readonly filter?: ReturnType<typeof parameterRef>;
  /** The EPCC document the operations follow; its 2024 subscriptions document unless said. */
  readonly epcc?: string;
  /** Who may read and write them: billing data by default (client credentials), or the catalogue. */
  readonly access?: { readonly read: Access; readonly write: Access };
}

export const recordOperations = (r: RecordKindDescription): RecordOperations => {
  const epcc = r.epcc ?? SUBSCRIPTIONS_EPCC;
  const { read, write } = r.access ?? { read: 'read', write: 'write' };
  const document = jsonContent(dataDocument(schemaRef(r.schema)));
  const notFound = `No ${r.singular} of this store has this id.`;
  const conflict = { 409: r.conflict.description, codes: { 409: [r.conflict.code] } } as const;
  return {
    collection: r.collection,
    create: {
      operationId: `create${r.operationNoun}`,
      summary: `Create a ${r.singular}`,
      description: epcc,
      tag: r.tag,
      access: write,
      post: true,
      requestBody: {
        description: `The new ${r.singular}.`,
        content: jsonContent(typed(r.type, openObject(requestFields(r.fields, r.optional), r.required))),
      },
      success: { '201': { description: `The ${r.singular}.`, content: document } },
      errors: { 400: r.invalid, ...conflict },
    },
    list: {
      operationId: `list${r.plural}`,
      summary: `List ${r.singular}s`,
      description: `${epcc} Newest first (\`created_at\`, then \`id\`, descending), stable across pages.${r.filter === undefined ? ' EPCC names no filter for this list, so `filter` is ignored.' : ''}`,
      tag: r.tag,
      access: read,
      parameters: r.filter === undefined ? [...PAGING_PARAMETERS] : [r.filter, ...PAGING_PARAMETERS],
      success: {
        '200': {
          description: `A page of ${r.singular}s.`,
          content: jsonContent(listResponseSchema(schemaRef(r.schema))),
        },
      },
      errors: {
        400:
          r.filter === undefined
            ? PAGE_REFUSED
            : 'A filter that does not parse, or a paging parameter out of range or given twice.',
      },
    },
    get: {
      operationId: `get${r.operationNoun}`,
      summary: `Get a ${r.singular}`,
      description: epcc,
      tag: r.tag,
      access: read,
      success: { '200': { description: `The ${r.singular}.`, content: document } },
      errors: { 404: notFound },
    },
    update: {
      operationId: `update${r.operationNoun}`,
      summary: `Update a ${r.singular}`,
      description: `${epcc} A partial update: attributes left out keep their values, \`null\` clears an optional one; required ones cannot be null.`,
      tag: r.tag,
      access: write,
      requestBody: {
        description: 'The attributes to change.',
        content: jsonContent(typed(r.type, openObject(requestFields(r.fields, r.optional), []))),
      },
      success: { '200': { description: `The ${r.singular} as it is now.`, content: document } },
      errors: { 400: r.invalid, 404: notFound, ...conflict },
    },
    remove: {
      operationId: `delete${r.operationNoun}`,
      summary: `Delete a ${r.singular}`,
      description: `${epcc} ${r.deletion}`,
      tag: r.tag,
      access: write,
      success: DELETED,
      errors: {
        404: notFound,
        ...(r.deleteConflict === undefined ? {} : { 409: r.deleteConflict, codes: { 409: ['in_use'] } }),
      },
    },
  };
};
