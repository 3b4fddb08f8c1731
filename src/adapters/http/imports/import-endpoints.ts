import { GetImport } from '../../../application/use-cases/imports/get-import.js';
import { ListImportErrors } from '../../../application/use-cases/imports/list-import-errors.js';
import { ListImports } from '../../../application/use-cases/imports/list-imports.js';
import { UploadImport } from '../../../application/use-cases/imports/upload-import.js';
import { EXTERNAL_REF_MAX } from '../../../domain/catalogue/catalogue-fields.js';
import { IMPORT_RECORD_TYPES, IMPORT_TYPE } from '../../../domain/imports/import-line.js';
import { JOB_STATUSES } from '../../../domain/jobs/job.js';
import type { ImportUploadLimits } from '../../config/import-settings.js';
import { concept, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, inData } from '../endpoints/handlers.js';
import { idParam, queryOf } from '../http-state.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  PAGE_REFUSED,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  closedObject,
  constant,
  dataDocument,
  integer,
  oneOfStrings,
  openObject,
  schemaRef,
  text,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';
import { IMPORT_ERROR_TYPE, importError2025Resource, importErrorResource, importResource } from './import-document.js';
import { uploadImport } from './import-upload.js';

const TAG = 'Imports';

const recordCounts = (description: string): Schema =>
  closedObject(
    Object.fromEntries(IMPORT_RECORD_TYPES.map((type) => [type, integer(0)])),
    [],
    `${description} \`subscription_product\` and \`subscription_plan\` are EPCC 2024's, \`subscription_feature\` EPCC 2025's, \`subscription_offering\` and \`subscription\` EPCC 2025's (not in 2024).`,
  );

const importSchema: Schema = closedObject(
  {
    id: uuid,
    type: constant(IMPORT_TYPE),
    attributes: closedObject(
      {
        status: oneOfStrings(
          JOB_STATUSES,
          '`pending` waits its turn (one import of a store runs at a time, oldest first), `started` runs, `success` and `failed` are final.',
        ),
        external_ref: text(1, EXTERNAL_REF_MAX),
      },
      ['external_ref'],
    ),
    meta: closedObject({
      owner: constant('store', 'Every record belongs to the store.'),
      timestamps: closedObject(
        { created_at: timestamp, updated_at: timestamp, started_at: timestamp, finished_at: timestamp },
        ['started_at', 'finished_at'],
      ),
      records: closedObject({
        uploaded: recordCounts(
          'Lines of each type that are JSON objects with a known `data.type`, counted at upload and not yet validated.',
        ),
        imported: recordCounts('Records created by the import, per type; 0 until it has run.'),
      }),
    }),
  },
  [],
  'An import job: a JSONL file of records to create, and how many of them were created.',
);

const importError: Schema = closedObject(
  {
    type: constant(IMPORT_ERROR_TYPE),
    line_number: integer(1, undefined, 'The line in the file, from 1, blank lines counted.'),
    record_type: oneOfStrings(IMPORT_RECORD_TYPES, 'The `data.type` of the line, when it had a known one.'),
    detail: {
      type: 'string',
      description:
        'Why the line was not imported: too long, not UTF-8, nested too deep, not JSON, no known `data.type`, or each rule of its create endpoint it broke, with the field.',
    },
  },
  ['record_type'],
  'One line of an import file that was not imported.',
);

/** EPCC 2025's `SubscriptionImportError`. */
const importError2025: Schema = closedObject(
  {
    id: { ...uuid, description: "Made from the import's id and the line's number: the same on every read." },
    type: constant(IMPORT_ERROR_TYPE),
    meta: closedObject(
      {
        owner: constant('store', 'Every record belongs to the store.'),
        timestamps: closedObject(
          { created_at: timestamp, updated_at: timestamp },
          [],
          "The import's times: a line's failure is written when its import is uploaded or run.",
        ),
        error: {
          type: 'string',
          description:
            'Why the line was not imported: too long, not UTF-8, nested too deep, not JSON, no known `data.type`, or each rule of its create endpoint it broke, with the field.',
        },
        field: {
          type: 'string',
          description:
            'The member the first problem is about, as the record names it (`name`, `account_id`); empty when the line failed as a whole.',
        },
        line_number: integer(1, undefined, 'The line in the file, from 1, blank lines counted.'),
        external_ref: text(1, EXTERNAL_REF_MAX, "The line's record's `external_ref`, when it was read and has one."),
      },
      ['external_ref'],
    ),
  },
  [],
  'One line of an import file that was not imported.',
);

const IMPORT_SCHEMAS = { Import: importSchema, ImportError: importError, SubscriptionImportError2025: importError2025 };

const uploadForm: Schema = openObject(
  {
    import_file: {
      type: 'string',
      contentMediaType: 'application/jsonl',
      description:
        'The JSONL file: one `{"data": {"type": ..., "attributes": ...}}` per line, `type` one of `subscription_product`, `subscription_plan`, `subscription_subscriber`, `subscription_feature`, `subscription_offering`, `subscription`; each line as the body of its create endpoint.',
    },
    external_ref: text(0, EXTERNAL_REF_MAX, 'Stored on the import; an empty value is left out.'),
  },
  ['import_file'],
);

const NOT_FOUND = 'No import of this store has this id.';

interface ImportUseCases {
  readonly upload: UseCase<UploadImport>;
  readonly list: UseCase<ListImports>;
  readonly get: UseCase<GetImport>;
  readonly errors: UseCase<ListImportErrors>;
  /** What one upload may hold: the app's configuration. */
  readonly limits: ImportUploadLimits;
}

/** `/subscriptions/imports`: upload a JSONL file as a new import job, read imports and the lines they could not import. */
export const IMPORT_ENDPOINTS = concept<ImportUseCases>({
  useCases: ({ use, imports }) => ({
    upload: use(UploadImport),
    list: use(ListImports),
    get: use(GetImport),
    errors: use(ListImportErrors),
    limits: imports,
  }),
  schemas: IMPORT_SCHEMAS,
  endpoints: [
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/imports'),
      spec: {
        operationId: 'CreateImport',
        summary: 'Upload a JSONL file as a new import',
        description: `${SUBSCRIPTIONS_EPCC} The file is read as it arrives and stored line by line; the import runs as a job in its turn (one import of a store at a time). At most \`IMPORT_MAX_OBJECTS\` non-blank lines (50,000 by default, as EPCC) and \`IMPORT_MAX_FILE_BYTES\` bytes (256 MiB by default): more is a 413 and nothing is stored. A line over 1 MiB, not UTF-8, nested deeper than 64 levels, not JSON, or without a known \`data.type\` does not stop the upload: it is a failed line, listed by \`GET .../imports/{id}/errors\`. Every text field of the form (\`external_ref\` and any other) must be UTF-8 without U+0000, or the upload is a 400 naming the field and nothing is stored; the file part's name is not read. The file's content is not part of an \`Idempotency-Key\`'s fingerprint.`,
        tag: TAG,
        access: 'write',
        post: true,
        requestBody: {
          description: 'The file and an optional `external_ref`.',
          content: { 'multipart/form-data': { schema: uploadForm } },
        },
        success: {
          '201': { description: 'The pending import.', content: jsonContent(dataDocument(schemaRef('Import'))) },
        },
        errors: {
          400: `No \`import_file\` part, an \`external_ref\` over ${EXTERNAL_REF_MAX} characters, a text field that is not UTF-8 or holds U+0000 (\`source\` names it), or a multipart body that cannot be read.`,
        },
      },
      handle: ({ upload, limits }) => uploadImport(upload, limits),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/imports'),
      spec: {
        operationId: 'ListImportJobs',
        summary: 'List imports',
        description: `${SUBSCRIPTIONS_EPCC} Imports only (the other jobs are listed by \`/subscriptions/jobs\`), newest first. EPCC declares \`filter\` here with no field to filter on; it is ignored.`,
        tag: TAG,
        access: 'read',
        parameters: [...PAGING_PARAMETERS],
        success: {
          '200': { description: 'A page of imports.', content: jsonContent(listResponseSchema(schemaRef('Import'))) },
        },
        errors: { 400: PAGE_REFUSED },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, importResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/imports/{id}'),
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'GetImport',
        summary: 'Get an import',
        description: SUBSCRIPTIONS_EPCC,
        tag: TAG,
        access: 'read',
        success: { '200': { description: 'The import.', content: jsonContent(dataDocument(schemaRef('Import'))) } },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ get }) => answer((storeId, ctx) => get.execute(storeId, idParam(ctx)), inData(importResource)),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/imports/{id}/errors'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'ListImportErrors',
        summary: "List an import's failed lines",
        description:
          "Not in EPCC, whose imports report counts only. The lines that were not imported, in file order, each with why: failed at upload (not JSON, unknown `data.type`, longer than 1 MiB) or when the import ran (a rule of the record's create endpoint).",
        tag: TAG,
        access: 'read',
        parameters: [...PAGING_PARAMETERS],
        success: {
          '200': {
            description: 'A page of failed lines.',
            content: jsonContent(listResponseSchema(schemaRef('ImportError'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: NOT_FOUND },
        extension: true,
      },
      handle: ({ errors }, { links }) =>
        answer(
          (storeId, ctx) => errors.execute(storeId, idParam(ctx), queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, importErrorResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/imports/{id}/errors'),
      generation: '2025',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'GetImportErrors',
        summary: 'Get import errors',
        description: `${SUBSCRIPTIONS_EPCC} The lines that were not imported, ordered by line number, each with why and the member it is about: failed at upload (not JSON, unknown \`data.type\`, longer than 1 MiB) or when the import ran (a rule of the record's create endpoint).`,
        tag: TAG,
        access: 'read',
        parameters: [...PAGING_PARAMETERS],
        success: {
          '200': {
            description: 'A page of failed lines.',
            content: jsonContent(listResponseSchema(schemaRef('SubscriptionImportError2025'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: NOT_FOUND },
      },
      handle: ({ errors }, { links }) =>
        answer(
          (storeId, ctx) => errors.execute(storeId, idParam(ctx), queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, importError2025Resource(page.importJob)),
        ),
    },
  ],
});
