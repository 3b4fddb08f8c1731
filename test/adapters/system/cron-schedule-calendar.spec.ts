import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { cronScheduleCalendar } from '../../../src/adapters/system/cron-schedule-calendar.js';
import type { ScheduleTiming } from '../../../src/domain/schedules/schedule-timing.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('the cron schedule calendar', () => {
  it('loads cron-parser when a schedule is first checked, not when the calendar is imported', async () => {
    // A process of its own: this one may have loaded cron-parser already.
    const script = `
      const { createRequire } = await import('node:module');
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/cron-parser/'));
      const { cronScheduleCalendar } = await import('./src/adapters/system/cron-schedule-calendar.ts');
      const before = loaded();
      const problem = cronScheduleCalendar.problemWith('0 0 * * *');
      console.log(JSON.stringify({ before, after: loaded(), problem: problem ?? null }));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: ROOT },
    );
    expect(JSON.parse(stdout)).to.deep.equal({ before: false, after: true, problem: null });
  });

  it('refuses out-of-range and impossible fields, naming the problem', () => {
    for (const specification of [
      '60 0 * * *',
      '0 24 * * *',
      '0 0 32 * *',
      '0 0 0 * *',
      '0 0 * 13 *',
      '0 0 * * 8',
      '*/0 * * * *',
      '0 0 31 2 *',
      'a b c d e',
      '5-1 * * * *',
    ]) {
      expect(cronScheduleCalendar.problemWith(specification), specification).to.match(
        /^is not a valid cron specification: /,
      );
    }
  });

  it('accepts ranges, lists, steps and names', () => {
    for (const specification of [
      '* * * * *',
      '0 0 * * MON-FRI',
      '0 0-12/2 1,15 JAN-JUN *',
      '0 0 * * 7',
      '*/15 * * * *',
      '0 0 29 2 *',
    ]) {
      expect(cronScheduleCalendar.problemWith(specification), specification).to.equal(undefined);
    }
  });
});

describe('when a schedule fires', () => {
  const at = (iso: string) => new Date(iso);
  const table: ReadonlyArray<[string, ScheduleTiming, string, string]> = [
    [
      'daily at 00:30 UTC, from the afternoon',
      { specification: '30 0 * * *', location: 'UTC' },
      '2026-11-24T15:00:00Z',
      '2026-11-25T00:30:00.000Z',
    ],
    [
      'strictly after an instant it fires at',
      { specification: '30 0 * * *', location: 'UTC' },
      '2026-11-25T00:30:00Z',
      '2026-11-26T00:30:00.000Z',
    ],
    [
      'London in winter is UTC',
      { specification: '30 0 * * *', location: 'Europe/London' },
      '2026-11-24T15:00:00Z',
      '2026-11-25T00:30:00.000Z',
    ],
    [
      'London in summer is an hour ahead',
      { specification: '30 0 * * *', location: 'Europe/London' },
      '2026-07-01T12:00:00Z',
      '2026-07-01T23:30:00.000Z',
    ],
    [
      'a time skipped in spring fires once, an hour later',
      { specification: '30 1 * * *', location: 'Europe/London' },
      '2026-03-28T12:00:00Z',
      '2026-03-29T01:30:00.000Z',
    ],
    [
      'the day after the spring change is back to 01:30 local',
      { specification: '30 1 * * *', location: 'Europe/London' },
      '2026-03-29T01:30:00Z',
      '2026-03-30T00:30:00.000Z',
    ],
    [
      'a time repeated in autumn fires at its first occurrence',
      { specification: '30 1 * * *', location: 'Europe/London' },
      '2026-10-24T12:00:00Z',
      '2026-10-25T00:30:00.000Z',
    ],
    [
      'and not again at its second',
      { specification: '30 1 * * *', location: 'Europe/London' },
      '2026-10-25T00:30:00Z',
      '2026-10-26T01:30:00.000Z',
    ],
    [
      'New York midnight in winter',
      { specification: '0 0 * * *', location: 'America/New_York' },
      '2026-11-24T15:00:00Z',
      '2026-11-25T05:00:00.000Z',
    ],
    [
      'half-hour zone',
      { specification: '0 9 * * *', location: 'Asia/Kolkata' },
      '2026-11-24T00:00:00Z',
      '2026-11-24T03:30:00.000Z',
    ],
    [
      'the 31st skips short months',
      { specification: '0 0 31 * *', location: 'UTC' },
      '2026-04-01T00:00:00Z',
      '2026-05-31T00:00:00.000Z',
    ],
    [
      '29 February waits for a leap year',
      { specification: '0 0 29 2 *', location: 'UTC' },
      '2026-03-01T00:00:00Z',
      '2028-02-29T00:00:00.000Z',
    ],
    [
      'day-of-month or day-of-week, either',
      { specification: '0 0 1 * MON', location: 'UTC' },
      '2026-11-24T00:00:00Z',
      '2026-11-30T00:00:00.000Z',
    ],
    [
      'weekdays skip the weekend',
      { specification: '0 6 * * MON-FRI', location: 'UTC' },
      '2026-11-27T07:00:00Z',
      '2026-11-30T06:00:00.000Z',
    ],
  ];
  for (const [label, timing, after, expected] of table) {
    it(label, () => {
      expect(cronScheduleCalendar.nextFiringAfter(timing, at(after)).toISOString()).to.equal(expected);
    });
  }
});
