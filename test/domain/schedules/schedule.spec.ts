import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { SCHEDULES } from '../../../src/domain/schedules/schedule.js';
import { STORABLE_TEXT_RULE } from '../../../src/domain/shared/text.js';
import { type Expectation, expectField, maxLengthCases, nameCases } from '../../support/field-cases.js';

const VALID = { specification: '30 0 * * *', location: 'Europe/London', job: { job_type: 'billing-run' } };
const create = (attributes: Record<string, unknown>) =>
  SCHEDULES.parseNew({ type: 'subscription_schedule', attributes });
const change = (attributes: Record<string, unknown>) =>
  SCHEDULES.parseChanges({ type: 'subscription_schedule', attributes });
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
    expect(create({ ...VALID, name: 'Nightly billing', external_ref: 'nightly', colour: 'blue' })).to.deep.equal(
      E.right({ ...VALID, name: 'Nightly billing', external_ref: 'nightly' }),
    );
  });

  it('lists every missing required attribute at once', () => {
    expect(create({})).to.deep.equal(
      E.left(
        ['specification', 'location', 'job'].map((field) => ({
          source: `data.attributes.${field}`,
          detail: 'is required',
        })),
      ),
    );
  });

  for (const [field, table] of Object.entries(cases)) {
    for (const [label, value, expected] of table) {
      it(`${expected === null ? 'accepts' : 'refuses'} ${field} ${label}, on create and on update`, () => {
        expectField(create({ ...VALID, [field]: value }), field, value, expected, `data.attributes.${field}`);
        expectField(change({ [field]: value }), field, value, expected, `data.attributes.${field}`);
      });
    }
  }

  it('keeps a specification as its five fields, single-spaced', () => {
    expect(
      E.map((a: { specification: string }) => a.specification)(create({ ...VALID, specification: '  30   0 * *\t* ' })),
    ).to.deep.equal(E.right('30 0 * * *'));
  });

  const jobs: ReadonlyArray<[string, unknown, string | null]> = [
    ['billing-run', { job_type: 'billing-run' }, null],
    ['tax-run', { job_type: 'tax-run' }, null],
    ['payment-run', { job_type: 'payment-run' }, null],
    [
      'an import',
      { job_type: 'import' },
      "cannot be 'import': an import is started by uploading its file to /subscriptions/imports",
    ],
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
    expect(create({ ...VALID, job: 'billing-run' })).to.deep.equal(
      E.left([{ source: 'data.attributes.job', detail: 'must be an object' }]),
    );
  });
});
