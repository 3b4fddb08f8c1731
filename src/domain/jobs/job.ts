import type { Uuid } from '../shared/uuid.js';
import type { PriceUpdate } from './price-update.js';

export const JOB_TYPE = 'subscription_job';

/** EPCC's job kinds; an `import` is started by uploading its file, the others by `POST /subscriptions/jobs` or a schedule. */
export const JOB_TYPES = ['billing-run', 'tax-run', 'payment-run', 'import', 'subscription-update'] as const;
export type JobType = (typeof JOB_TYPES)[number];
/** The kinds EPCC's 2024 document knows: the 2024 wire neither makes nor shows a `subscription-update`. */
export const JOB_TYPES_2024 = ['billing-run', 'tax-run', 'payment-run', 'import'] as const satisfies readonly JobType[];

/** `pending` waits its turn, `started` runs, `success` and `failed` are final. */
export const JOB_STATUSES = ['pending', 'started', 'success', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const isFinished = (status: JobStatus): boolean => status === 'success' || status === 'failed';

/** One tax rate to add to every item of an invoice, as a tax run receives it. */
export interface TaxItem {
  readonly type: 'tax_item';
  /** A fraction: 0.2 is 20 %. */
  readonly rate: number;
  readonly name?: string;
  readonly code?: string;
  readonly jurisdiction?: string;
}

/** The taxes a tax run adds to one invoice. */
export interface InvoiceTaxes {
  readonly invoice_id: Uuid;
  readonly tax_items: readonly TaxItem[];
}

/** What a finished job reports: the JSON object EPCC puts in `meta.report`, its shape decided by the job type. */
export type JobReport = Readonly<Record<string, unknown>>;

/** One run of billing, taxes, payments or an import, queued per store and kind and run in the background. */
export interface Job {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly jobType: JobType;
  readonly externalRef?: string;
  /** Only on tax runs. */
  readonly taxes?: readonly InvoiceTaxes[];
  /** Only on subscription updates. */
  readonly priceUpdate?: PriceUpdate;
  readonly status: JobStatus;
  readonly report?: JobReport;
  /** Why a failed job failed, in words a merchant can act on. */
  readonly error?: string;
  /** The schedule that created it and the instant it was due, when a schedule did. */
  readonly scheduleId?: Uuid;
  readonly scheduledFor?: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly startedAt?: Date;
  readonly finishedAt?: Date;
}
