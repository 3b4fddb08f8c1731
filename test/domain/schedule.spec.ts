import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { SCHEDULES } from '../../src/domain/billing/schedule.js';
import { nextFiringAfter, type ScheduleTiming } from '../../src/domain/billing/schedule-timing.js';
import { STORABLE_TEXT_RULE } from '../../src/domain/shared/text.js';
import { expectField, maxLengthCases, nameCases, type Expectation } from '../support/field-cases.js';

const VALID = { specification: '30 0 * * *', location: 'Europe/London', job: { job_type: 'billing-run' } };
const create = (attributes: Record<string, unknown>) => SCHEDULES.parseNew({ type: 'subscription_schedule', attributes });
const change = (attributes: Record<string, unknown>) => SCHEDULES.parseChanges({ type: 'subscription_schedule', attributes });
const FIVE_FIELDS = 'must have five fields: minute hour day-of-month month day-of-week (for example "30 0 * * *")';
const ZONE = 'must be an IANA time zone name, such as "Europe/London" or "UTC"';
const JOB_TYPES = "must be one of 'billing-run', 'tax-run', 'payment-run'";

type Case = [string, unknown, Expectation];
const cases: Record<string, ReadonlyArray<Case>> = {
  specification: [
    ['every minute', '* * * * *', null],
    ['weekdays by name', '0 0 * * MON-FRI', null],
    ['a list and a range with a step', '0 0-12/2 1,15 JAN-JUN *', null],
    ['Sunday as 7', '0 0 * * 7', null],
    ['four fields', '0 0 * *', FIVE_FIELDS],
    ['six fields (seconds)', '0 0 0 * * *', FIVE_FIELDS],
    ['a macro', '@daily', FIVE_FIELDS],
    ['an empty string', '', 'must be 1 to 1024 characters long'],
    ['a NUL character', '0 0 * * \u0000', STORABLE_TEXT_RULE],
    ['a number', 5, 'must be a string'],
  ],
  location: [
    ['UTC', 'UTC', null],
    ['Europe/London', 'Europe/London', null],
    ['America/St_Johns', 'America/St_Johns', null],
    ['an unknown zone', 'Mars/Olympus_Mons', ZONE],
    ['an offset', '+01:00', ZONE],
    ['an empty string', '', 'must be 1 to 1024 characters long'],
    ['a number', 0, 'must be a string'],
  ],
  name: nameCases,
  external_ref: maxLengthCases(2048),
};

describe('schedules', () => {
  it('reads a new schedule and ignores unknown fields', () => {
    expect(create({ ...VALID, name: 'Nightly billing', external_ref: 'nightly', colour: 'blue' })).to.deep.equal(E.right({ ...VALID, name: 'Nightly billing', external_ref: 'nightly' }));
  });

  it('lists every missing required attribute at once', () => {
    expect(create({})).to.deep.equal(E.left(['specification', 'location', 'job'].map((field) => ({ source: `data.attributes.${field}`, detail: 'is required' }))));
  });

  for (const [field, table] of Object.entries(cases)) {
    for (const [label, value, expected] of table) {
      it(`${expected === null ? 'accepts' : 'refuses'} ${field} ${label}, on create and on update`, () => {
        expectField(create({ ...VALID, [field]: value }), field, value, expected, `data.attributes.${field}`);
        expectField(change({ [field]: value }), field, value, expected, `data.attributes.${field}`);
      });
    }
  }

  it('refuses out-of-range and malformed cron fields, naming the problem', () => {
    for (const specification of ['60 0 * * *', '0 24 * * *', '0 0 32 * *', '0 0 * 13 *', '0 0 * * 8', '*/0 * * * *', '0 0 31 2 *', 'a b c d e']) {
      const parsed = create({ ...VALID, specification });
      expect(E.isLeft(parsed) && parsed.left[0].source, specification).to.equal('data.attributes.specification');
      expect(E.isLeft(parsed) && parsed.left[0].detail, specification).to.match(/^is not a valid cron specification: /);
    }
  });

  it('keeps a specification as its five fields, single-spaced', () => {
    expect(E.map((a: { specification: string }) => a.specification)(create({ ...VALID, specification: '  30   0 * *\t* ' }))).to.deep.equal(E.right('30 0 * * *'));
  });

  const jobs: ReadonlyArray<[string, unknown, string | null]> = [
    ['billing-run', { job_type: 'billing-run' }, null],
    ['tax-run', { job_type: 'tax-run' }, null],
    ['payment-run', { job_type: 'payment-run' }, null],
    ['an import', { job_type: 'import' }, "cannot be 'import': an import is started by uploading its file to /subscriptions/imports"],
    ['an underscored type', { job_type: 'billing_run' }, JOB_TYPES],
    ['no job_type', {}, 'is required'],
  ];
  for (const [label, job, expected] of jobs) {
    it(`${expected === null ? 'accepts' : 'refuses'} a job of ${label}`, () => {
      const parsed = create({ ...VALID, job });
      if (expected === null) expect(parsed).to.deep.equal(E.right({ ...VALID, job }));
      else expect(parsed).to.deep.equal(E.left([{ source: 'data.attributes.job.job_type', detail: expected }]));
    });
  }

  it('refuses a job that is not an object', () => {
    expect(create({ ...VALID, job: 'billing-run' })).to.deep.equal(E.left([{ source: 'data.attributes.job', detail: 'must be an object' }]));
  });
});

describe('when a schedule fires', () => {
  const at = (iso: string) => new Date(iso);
  const table: ReadonlyArray<[string, ScheduleTiming, string, string]> = [
    ['daily at 00:30 UTC, from the afternoon', { specification: '30 0 * * *', location: 'UTC' }, '2026-11-24T15:00:00Z', '2026-11-25T00:30:00.000Z'],
    ['strictly after an instant it fires at', { specification: '30 0 * * *', location: 'UTC' }, '2026-11-25T00:30:00Z', '2026-11-26T00:30:00.000Z'],
    ['London in winter is UTC', { specification: '30 0 * * *', location: 'Europe/London' }, '2026-11-24T15:00:00Z', '2026-11-25T00:30:00.000Z'],
    ['London in summer is an hour ahead', { specification: '30 0 * * *', location: 'Europe/London' }, '2026-07-01T12:00:00Z', '2026-07-01T23:30:00.000Z'],
    ['a time skipped in spring fires once, an hour later', { specification: '30 1 * * *', location: 'Europe/London' }, '2026-03-28T12:00:00Z', '2026-03-29T01:30:00.000Z'],
    ['the day after the spring change is back to 01:30 local', { specification: '30 1 * * *', location: 'Europe/London' }, '2026-03-29T01:30:00Z', '2026-03-30T00:30:00.000Z'],
    ['a time repeated in autumn fires at its first occurrence', { specification: '30 1 * * *', location: 'Europe/London' }, '2026-10-24T12:00:00Z', '2026-10-25T00:30:00.000Z'],
    ['and not again at its second', { specification: '30 1 * * *', location: 'Europe/London' }, '2026-10-25T00:30:00Z', '2026-10-26T01:30:00.000Z'],
    ['New York midnight in winter', { specification: '0 0 * * *', location: 'America/New_York' }, '2026-11-24T15:00:00Z', '2026-11-25T05:00:00.000Z'],
    ['half-hour zone', { specification: '0 9 * * *', location: 'Asia/Kolkata' }, '2026-11-24T00:00:00Z', '2026-11-24T03:30:00.000Z'],
    ['the 31st skips short months', { specification: '0 0 31 * *', location: 'UTC' }, '2026-04-01T00:00:00Z', '2026-05-31T00:00:00.000Z'],
    ['29 February waits for a leap year', { specification: '0 0 29 2 *', location: 'UTC' }, '2026-03-01T00:00:00Z', '2028-02-29T00:00:00.000Z'],
    ['day-of-month or day-of-week, either', { specification: '0 0 1 * MON', location: 'UTC' }, '2026-11-24T00:00:00Z', '2026-11-30T00:00:00.000Z'],
    ['weekdays skip the weekend', { specification: '0 6 * * MON-FRI', location: 'UTC' }, '2026-11-27T07:00:00Z', '2026-11-30T06:00:00.000Z'],
  ];
  for (const [label, timing, after, expected] of table) {
    it(label, () => {
      expect(nextFiringAfter(timing, at(after)).toISOString()).to.equal(expected);
    });
  }
});
