import { DeleteJob } from '../../../application/use-cases/jobs/delete-job.js';
import { GetJob } from '../../../application/use-cases/jobs/get-job.js';
import { ListJobs } from '../../../application/use-cases/jobs/list-jobs.js';
import { SubmitJob } from '../../../application/use-cases/jobs/submit-job.js';
import { CURRENCY_PATTERN, EXTERNAL_REF_MAX } from '../../../domain/catalogue/catalogue-fields.js';
import { IMPORT_RECORD_TYPES } from '../../../domain/imports/import-line.js';
import { JOB_STATUSES, JOB_TYPE, JOB_TYPES, JOB_TYPES_2024 } from '../../../domain/jobs/job.js';
import {
  SUBMITTED_JOB_TYPES,
  SUBMITTED_JOB_TYPES_2024,
  TAX_RATE_MAX,
  TAX_TEXT_MAX,
} from '../../../domain/jobs/job-input.js';
import { JOB_LIST } from '../../../domain/jobs/job-query.js';
import type { SubscriptionsGeneration as Generation } from '../../../domain/settings/subscriptions-generation.js';
import { concept, type Endpoint, inGeneration, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, created, inData, noContent, withData } from '../endpoints/handlers.js';
import { idParam, queryOf } from '../http-state.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  DELETED,
  FILTERED_PAGE_REFUSED,
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  arrayOf,
  boolean,
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  integer,
  nullable,
  oneOfStrings,
  openObject,
  parameterRef,
  schemaRef,
  text,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';
import { jobResource } from './job-document.js';
import { PRICE_UPDATE_ATTRIBUTES, PRICE_UPDATE_REQUEST, subscriptionUpdateReport } from './price-update-schemas.js';

const TAG = 'Jobs';

const taxItem: Schema = closedObject(
  {
    type: constant('tax_item'),
    rate: {
      type: 'number',
      minimum: 0,
      maximum: TAX_RATE_MAX,
      description: `A fraction: 0.2 is 20 %. Above ${TAX_RATE_MAX} is refused, as a percentage written as a number (20) would be.`,
    },
    name: text(0, TAX_TEXT_MAX, 'Shown on the invoice, such as `VAT`.'),
    code: text(0, TAX_TEXT_MAX),
    jurisdiction: text(0, TAX_TEXT_MAX),
  },
  ['name', 'code', 'jurisdiction'],
);
const invoiceTaxes: Schema = closedObject({ invoice_id: uuid, tax_items: arrayOf(taxItem, { minItems: 1 }) });

const requestTaxItem: Schema = openObject(
  {
    ...(taxItem.properties as Record<string, Schema>),
    name: nullable(text(0, TAX_TEXT_MAX)),
    code: nullable(text(0, TAX_TEXT_MAX)),
    jurisdiction: nullable(text(0, TAX_TEXT_MAX)),
  },
  ['type', 'rate'],
);
const requestInvoiceTaxes: Schema = openObject(
  { invoice_id: uuid, tax_items: arrayOf(requestTaxItem, { minItems: 1 }) },
  ['invoice_id', 'tax_items'],
);
const externalRef = text(0, EXTERNAL_REF_MAX);

const count = (description: string): Schema => integer(0, undefined, description);
const currencyTotals = (description: string): Schema => ({
  type: 'object',
  propertyNames: { type: 'string', pattern: CURRENCY_PATTERN },
  additionalProperties: closedObject({ amount: integer(Number.MIN_SAFE_INTEGER), includes_tax: boolean }),
  description: `${description} By currency, in its smallest unit.`,
});
const billingRunReport = closedObject({
  invoices_ready_for_payment: count('Invoices made that need no tax.'),
  invoices_tax_required: count('Invoices made that wait for a tax run.'),
  invoice_failures: count('Invoices due that could not be made.'),
  total_ready_for_payment: currencyTotals('What the invoices ready for payment ask.'),
  total_tax_required: currencyTotals('What the invoices waiting for taxes ask, tax excluded.'),
});
const taxRunReport = closedObject({
  invoices_updated: count('Invoices taxes were added to.'),
  invoice_failures: count('Invoices taxes could not be added to.'),
});
const paymentRunReport = closedObject({
  total_payment_attempts: count('Invoices a payment was attempted for.'),
  failed_payments: count('Attempts that failed.'),
  total_collected: currencyTotals('What the run collected.'),
});
const recordCounts = closedObject(Object.fromEntries(IMPORT_RECORD_TYPES.map((type) => [type, integer(0)])));

const job = (generation: Generation): Schema =>
  closedObject(
    {
      id: uuid,
      type: constant(JOB_TYPE),
      attributes: closedObject(
        {
          job_type: oneOfStrings(
            generation === '2024' ? JOB_TYPES_2024 : JOB_TYPES,
            'An `import` is made by uploading its file to `/subscriptions/imports`.',
          ),
          external_ref: externalRef,
          taxes: { ...arrayOf(invoiceTaxes, { minItems: 1 }), description: 'The taxes of a tax run, as submitted.' },
          ...(generation === '2024' ? {} : PRICE_UPDATE_ATTRIBUTES),
          status: oneOfStrings(
            JOB_STATUSES,
            '`pending` waits for its lane (one job of a kind runs at a time per store, oldest first), `started` runs, `success` and `failed` are final.',
          ),
          created_at: timestamp,
          updated_at: timestamp,
        },
        ['external_ref', 'taxes', ...Object.keys(PRICE_UPDATE_ATTRIBUTES)],
      ),
      meta: closedObject(
        {
          owner: constant('store', 'Every job belongs to the store.'),
          timestamps: closedObject(
            { created_at: timestamp, updated_at: timestamp, started_at: timestamp, finished_at: timestamp },
            ['started_at', 'finished_at'],
          ),
          report: {
            oneOf: [
              billingRunReport,
              taxRunReport,
              paymentRunReport,
              ...(generation === '2024' ? [] : [subscriptionUpdateReport]),
            ],
            description: `A finished run's report, by \`job_type\`: EPCC's BillingRunReport, TaxRunReport or PaymentRunReport${generation === '2024' ? '' : ', or SubscriptionUpdateReport'}.`,
          },
          import_report: {
            ...closedObject({
              records: closedObject({ uploaded: recordCounts, imported: recordCounts }),
              failed: integer(0, undefined, 'Lines not imported.'),
            }),
            description:
              "Our extension: a finished import's counts (an import's report is none of EPCC's run reports); `/subscriptions/imports/{id}` shows the same counts.",
            'x-extension': true,
          } as Schema,
          error: { type: 'string', description: 'Why a failed job failed.', 'x-extension': true },
        },
        ['report', 'import_report', 'error'],
      ),
    },
    [],
    'A billing, tax or payment run, or an import, run in the background.',
  );

const newJob = (generation: Generation) =>
  dataRequest(
    openObject(
      {
        type: constant(JOB_TYPE),
        attributes: openObject(
          {
            job_type: oneOfStrings(
              generation === '2024' ? SUBMITTED_JOB_TYPES_2024 : SUBMITTED_JOB_TYPES,
              'An `import` is refused here (400): upload its file to `/subscriptions/imports`.',
            ),
            ...(generation === '2024' ? {} : PRICE_UPDATE_REQUEST),
            external_ref: nullable(externalRef),
            taxes: {
              ...nullable(arrayOf(requestInvoiceTaxes, { minItems: 1 })),
              description: 'Required for a `tax-run`, refused with any other kind.',
            },
          },
          ['job_type'],
        ),
      },
      ['type', 'attributes'],
    ),
  );

const NOT_FOUND = 'No job of this store has this id.';
/** Each generation's Job: 2025 adds the `subscription-update` kind, its attributes and its report. */
const SCHEMA_NAMES = { '2024': 'Job', '2025': 'Job2025' } as const;
const document = (generation: Generation) => jsonContent(dataDocument(schemaRef(SCHEMA_NAMES[generation])));

interface JobUseCases {
  readonly submit: UseCase<SubmitJob>;
  readonly list: UseCase<ListJobs>;
  readonly get: UseCase<GetJob>;
  readonly remove: UseCase<DeleteJob>;
}

/** What each generation's submit takes and its list and reads show: the 2024 wire has no `subscription-update`. */
const WIRES = {
  '2024': { submitted: SUBMITTED_JOB_TYPES_2024, shown: JOB_TYPES_2024, ids: ['createJob', 'listJobs', 'getJob'] },
  '2025': { submitted: SUBMITTED_JOB_TYPES, shown: JOB_TYPES, ids: ['CreateJob', 'ListJobs', 'GetJob'] },
} as const;

/** Create, list and get as one generation speaks them (EPCC 2026-10's operationIds for 2025). */
const generationEndpoints = (generation: Generation): Endpoint<JobUseCases>[] => {
  const { submitted, shown, ids } = WIRES[generation];
  const [createId, listId, getId] = ids;
  return inGeneration(generation, [
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/jobs'),
      spec: {
        operationId: createId,
        summary: 'Create a job',
        description: `${SUBSCRIPTIONS_EPCC} The job is stored \`pending\` and runs in the background when its lane is free: one job of each kind at a time per store, oldest first.${generation === '2024' ? '' : ' A `subscription-update` gives the subscriptions it reaches new prices from their next period (`meta.pending_price_change` until then).'}`,
        tag: TAG,
        access: 'write',
        post: true,
        requestBody: { description: 'The job to run.', content: jsonContent(newJob(generation)) },
        success: { '201': { description: 'The pending job.', content: document(generation) } },
        errors: {
          400: `Every invalid field, each with its \`source\`; an \`import\`; \`taxes\` missing from a tax run or given with another kind${generation === '2024' ? '' : '; a `subscription-update` without `price_changes`, or with both or neither of `offering_id` and `subscription_ids`'}.`,
        },
      },
      handle: ({ submit }) =>
        created(
          withData((data, storeId) => submit.execute(storeId, data, submitted)),
          inData(jobResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/jobs'),
      spec: {
        operationId: listId,
        summary: 'List jobs',
        description: `${SUBSCRIPTIONS_EPCC} Newest first (\`created_at\`, then \`id\`, descending), stable across pages; imports included.`,
        tag: TAG,
        access: 'read',
        parameters: [...PAGING_PARAMETERS, parameterRef('JobFilter')],
        success: {
          '200': {
            description: 'A page of jobs.',
            content: jsonContent(listResponseSchema(schemaRef(SCHEMA_NAMES[generation]))),
          },
        },
        errors: { 400: FILTERED_PAGE_REFUSED },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, queryOf(ctx), shown),
          (page, ctx) => listDocument(ctx, links, page, jobResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/jobs/{id}'),
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: getId,
        summary: 'Get a job',
        description: SUBSCRIPTIONS_EPCC,
        tag: TAG,
        access: 'read',
        success: { '200': { description: 'The job.', content: document(generation) } },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ get }) => answer((storeId, ctx) => get.execute(storeId, idParam(ctx), shown), inData(jobResource)),
    },
  ]);
};

/** `/subscriptions/jobs`: billing, tax and payment runs are the store's business, so reading them needs a client-credentials token too. */
export const JOB_ENDPOINTS = concept<JobUseCases>({
  useCases: ({ use }) => ({ submit: use(SubmitJob), list: use(ListJobs), get: use(GetJob), remove: use(DeleteJob) }),
  schemas: { Job: job('2024'), Job2025: job('2025') },
  parameters: { JobFilter: filterParameter(JOB_LIST) },
  endpoints: [
    ...generationEndpoints('2024'),
    ...generationEndpoints('2025'),
    {
      method: 'delete',
      ...withAndWithoutV2('/subscriptions/jobs/{id}'),
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'deleteJob',
        summary: 'Delete a job',
        description: `${SUBSCRIPTIONS_EPCC} A pending job is deleted before it runs, a finished one with its report; what it already did (invoices, payments) stays.`,
        tag: TAG,
        access: 'write',
        success: DELETED,
        errors: {
          404: NOT_FOUND,
          409: 'The job is running; delete it once it has finished.',
          codes: { 409: ['job_running'] },
        },
      },
      handle: ({ remove }) => noContent((storeId, ctx) => remove.execute(storeId, idParam(ctx))),
    },
  ],
});
