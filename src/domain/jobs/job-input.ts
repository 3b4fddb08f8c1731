import * as E from 'fp-ts/lib/Either.js';
import { EXTERNAL_REF_MAX, typedAttributes } from '../catalogue/catalogue-fields.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { oneOf } from '../shared/literal.js';
import { numberInRange } from '../shared/number.js';
import { boundedString } from '../shared/text.js';
import { parseUuidField } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { type InvoiceTaxes, JOB_TYPE, type JobType, type TaxItem } from './job.js';
import { type PriceUpdate, parsePriceUpdate } from './price-update.js';

/** The kinds a client starts with `POST /subscriptions/jobs`; an import starts by uploading its file. */
export const SUBMITTED_JOB_TYPES = ['billing-run', 'tax-run', 'payment-run', 'subscription-update'] as const;
export type SubmittedJobType = (typeof SUBMITTED_JOB_TYPES)[number];
/** What the 2024 wire takes: EPCC's 2024 document has no `subscription-update`. */
export const SUBMITTED_JOB_TYPES_2024 = ['billing-run', 'tax-run', 'payment-run'] as const;

/** A job as a client asks for it. */
export interface NewJob {
  readonly jobType: SubmittedJobType;
  readonly externalRef?: string;
  readonly taxes?: readonly InvoiceTaxes[];
  readonly priceUpdate?: PriceUpdate;
}

const PRICE_UPDATE_MEMBERS = ['offering_id', 'excluded_subscription_ids', 'subscription_ids', 'price_changes'];

export const TAX_TEXT_MAX = 1024;
/**
 * A rate is a fraction (0.2 is 20 %). Above 1 is refused: such a value is almost always a percentage
 * written as a number (20 for 20 %), which would multiply the invoice's amount.
 */
export const TAX_RATE_MAX = 1;

const IMPORT_REFUSAL =
  'an import is started by uploading its file to POST /subscriptions/imports, not by creating a job';

const parseJobType =
  (source: string, types: readonly SubmittedJobType[]) =>
  (input: unknown): Parsed<SubmittedJobType> =>
    input === 'import' ? E.left(issues(source, IMPORT_REFUSAL)) : oneOf([...types])(source)(input);

const optionalText = (
  record: Readonly<Record<string, unknown>>,
  key: string,
  source: string,
  problems: ValidationIssue[],
): string | undefined => {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  const parsed = boundedString(0, TAX_TEXT_MAX)(`${source}.${key}`)(value);
  if (E.isLeft(parsed)) problems.push(...parsed.left);
  return E.isRight(parsed) ? parsed.right : undefined;
};

const parseTaxItem = (source: string, input: unknown, problems: ValidationIssue[]): TaxItem | undefined => {
  if (!isRecord(input)) {
    problems.push(issue(source, 'must be an object'));
    return undefined;
  }
  const before = problems.length;
  const type = oneOf(['tax_item'] as const)(`${source}.type`)(input['type']);
  if (E.isLeft(type)) problems.push(...type.left);
  const rate =
    input['rate'] === undefined || input['rate'] === null
      ? E.left(issues(`${source}.rate`, 'is required'))
      : numberInRange(0, TAX_RATE_MAX)(`${source}.rate`)(input['rate']);
  if (E.isLeft(rate)) problems.push(...rate.left);
  const name = optionalText(input, 'name', source, problems);
  const code = optionalText(input, 'code', source, problems);
  const jurisdiction = optionalText(input, 'jurisdiction', source, problems);
  if (problems.length > before || E.isLeft(rate)) return undefined;
  return {
    type: 'tax_item',
    rate: rate.right,
    ...(name === undefined ? {} : { name }),
    ...(code === undefined ? {} : { code }),
    ...(jurisdiction === undefined ? {} : { jurisdiction }),
  };
};

const parseInvoiceTaxes = (source: string, input: unknown, problems: ValidationIssue[]): InvoiceTaxes | undefined => {
  if (!isRecord(input)) {
    problems.push(issue(source, 'must be an object'));
    return undefined;
  }
  const before = problems.length;
  const invoiceId =
    input['invoice_id'] === undefined || input['invoice_id'] === null
      ? E.left(issues(`${source}.invoice_id`, 'is required'))
      : parseUuidField(`${source}.invoice_id`)(input['invoice_id']);
  if (E.isLeft(invoiceId)) problems.push(...invoiceId.left);
  const items = input['tax_items'];
  const taxItems: TaxItem[] = [];
  if (!Array.isArray(items) || items.length === 0) {
    problems.push(
      issue(
        `${source}.tax_items`,
        items === undefined || items === null ? 'is required' : 'must be a list of at least one tax item',
      ),
    );
  } else {
    items.forEach((item: unknown, i) => {
      const parsed = parseTaxItem(`${source}.tax_items.${i}`, item, problems);
      if (parsed !== undefined) taxItems.push(parsed);
    });
  }
  return problems.length > before || E.isLeft(invoiceId)
    ? undefined
    : { invoice_id: invoiceId.right, tax_items: taxItems };
};

const parseTaxes = (source: string, input: unknown, problems: ValidationIssue[]): InvoiceTaxes[] => {
  if (!Array.isArray(input) || input.length === 0) {
    problems.push(issue(source, 'must be a list of at least one invoice and its tax items'));
    return [];
  }
  return input.flatMap((entry: unknown, i) => parseInvoiceTaxes(`${source}.${i}`, entry, problems) ?? []);
};

/**
 * `{"type": "subscription_job", "attributes": {job_type, external_ref?, taxes?}}`. `taxes` says which
 * invoices a tax run adds which rates to, so a tax run needs it and no other kind may carry it.
 */
export const parseNewJob = (
  data: unknown,
  types: readonly SubmittedJobType[] = SUBMITTED_JOB_TYPES,
): Parsed<NewJob> => {
  const attributes = typedAttributes(data, JOB_TYPE);
  if (E.isLeft(attributes)) return attributes;
  const input = attributes.right as Readonly<Record<string, unknown>>;
  const problems: ValidationIssue[] = [];
  const source = 'data.attributes';
  const jobType =
    input['job_type'] === undefined || input['job_type'] === null
      ? E.left(issues(`${source}.job_type`, 'is required'))
      : parseJobType(`${source}.job_type`, types)(input['job_type']);
  if (E.isLeft(jobType)) problems.push(...jobType.left);
  let externalRef: string | undefined;
  if (input['external_ref'] !== undefined && input['external_ref'] !== null) {
    const parsed = boundedString(0, EXTERNAL_REF_MAX)(`${source}.external_ref`)(input['external_ref']);
    if (E.isLeft(parsed)) problems.push(...parsed.left);
    else externalRef = parsed.right;
  }
  const rawTaxes = input['taxes'];
  const hasTaxes = rawTaxes !== undefined && rawTaxes !== null;
  let taxes: InvoiceTaxes[] | undefined;
  if (E.isRight(jobType) && jobType.right === 'tax-run' && !hasTaxes)
    problems.push(issue(`${source}.taxes`, 'is required for a tax-run'));
  else if (E.isRight(jobType) && jobType.right !== 'tax-run' && hasTaxes)
    problems.push(issue(`${source}.taxes`, 'may only be given with job_type tax-run'));
  else if (hasTaxes) taxes = parseTaxes(`${source}.taxes`, rawTaxes, problems);
  const updating = E.isRight(jobType) && jobType.right === 'subscription-update';
  const priceUpdate = updating ? parsePriceUpdate(input, source, problems) : undefined;
  if (E.isRight(jobType) && !updating)
    for (const member of PRICE_UPDATE_MEMBERS)
      if (input[member] !== undefined && input[member] !== null)
        problems.push(issue(`${source}.${member}`, 'may only be given with job_type subscription-update'));
  const [first, ...rest] = problems;
  if (first !== undefined) return E.left([first, ...rest]);
  if (E.isLeft(jobType)) return jobType;
  return E.right({
    jobType: jobType.right,
    ...(externalRef === undefined ? {} : { externalRef }),
    ...(taxes === undefined ? {} : { taxes }),
    ...(priceUpdate === undefined ? {} : { priceUpdate }),
  });
};

/** Whether a client may start a job of this kind with `POST /subscriptions/jobs`. */
export const isSubmittedJobType = (jobType: JobType): jobType is SubmittedJobType =>
  (SUBMITTED_JOB_TYPES as readonly string[]).includes(jobType);

/** Taxes as stored with a job: the same rules as a request's. */
export const taxesFromStorage = (stored: unknown): Parsed<readonly InvoiceTaxes[]> => {
  const problems: ValidationIssue[] = [];
  const taxes = parseTaxes('taxes', stored, problems);
  const [first, ...rest] = problems;
  return first === undefined ? E.right(taxes) : E.left([first, ...rest]);
};
