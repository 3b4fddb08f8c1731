import * as E from 'fp-ts/lib/Either.js';
import { parseCatalogueName, parseExternalRef } from '../catalogue/catalogue-fields.js';
import { recordEvents } from '../events/record-events.js';
import type { JobType } from '../jobs/job.js';
import { issues } from '../shared/errors.js';
import { oneOf } from '../shared/literal.js';
import { type Changes, type Created, optionalField, requiredField } from '../shared/record-parser.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import {
  BY_EXTERNAL_REF_LIST,
  type StoreRecord,
  type StoreRecordKind,
  storeRecordParsers,
} from '../store-records/store-record.js';
import { parseLocation, parseSpecification, type ScheduleTiming } from './schedule-timing.js';

export const SCHEDULE_TYPE = 'subscription_schedule';

/** The jobs a schedule can start: an import needs a file, so it is started by uploading one. */
export const SCHEDULED_JOB_TYPES = ['billing-run', 'tax-run', 'payment-run'] as const satisfies readonly JobType[];
export type ScheduledJobType = (typeof SCHEDULED_JOB_TYPES)[number];

export interface ScheduleJob {
  readonly job_type: ScheduledJobType;
}

const parseScheduleJob =
  (source: string) =>
  (input: unknown): Parsed<ScheduleJob> => {
    if (!isRecord(input)) return E.left(issues(source, 'must be an object'));
    if (input['job_type'] === 'import') {
      return E.left(
        issues(
          `${source}.job_type`,
          "cannot be 'import': an import is started by uploading its file to /subscriptions/imports",
        ),
      );
    }
    return E.map((job_type: ScheduledJobType) => ({ job_type }))(
      oneOf([...SCHEDULED_JOB_TYPES])(`${source}.job_type`)(input['job_type']),
    );
  };

const SCHEDULE_FIELDS = {
  specification: requiredField(parseSpecification),
  location: requiredField(parseLocation),
  job: requiredField(parseScheduleJob),
  name: optionalField(parseCatalogueName),
  external_ref: optionalField(parseExternalRef),
};

/** A schedule's attributes, named as the API names them. */
export type ScheduleAttributes = Created<typeof SCHEDULE_FIELDS>;
export type ScheduleChanges = Changes<typeof SCHEDULE_FIELDS>;

/** Starts a job of one type at each instant of a cron specification, read in the schedule's time zone. */
export type Schedule = StoreRecord<ScheduleAttributes>;

export const timingOf = (schedule: Schedule): ScheduleTiming => ({
  specification: schedule.attributes.specification,
  location: schedule.attributes.location,
});

/** What a schedule's event names: the schedule, as its GET returns it. */
export interface ScheduleSubject {
  readonly resource: 'schedule';
  readonly schedule: Schedule;
}

/** Stored like the other records of a kind: `external_ref` unique in the store (EPCC calls it "a unique attribute"), and filterable. */
export const SCHEDULES: StoreRecordKind<ScheduleAttributes, ScheduleChanges, ScheduleSubject> = {
  ...storeRecordParsers(SCHEDULE_TYPE, SCHEDULE_FIELDS, 'schedule', E.right),
  exclusiveValue: (attributes) => attributes.external_ref,
  notFound: 'schedule not found',
  taken: 'another schedule of the store has this external_ref',
  list: BY_EXTERNAL_REF_LIST,
  events: recordEvents(
    {
      created: 'subscription-schedule.created',
      updated: 'subscription-schedule.updated',
      deleted: 'subscription-schedule.deleted',
    },
    SCHEDULE_TYPE,
    (schedule) => ({ resource: 'schedule', schedule }),
  ),
};
