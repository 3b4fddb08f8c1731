import type { ScheduleTiming } from '../../domain/schedules/schedule-timing.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import { cronScheduleCalendar } from '../system/cron-schedule-calendar.js';

// setTimeout holds at most 2^31 - 1 ms (about 24.8 days); a later instant is reached in several waits.
const LONGEST_WAIT_MS = 2_147_483_647;

/** Fires each schedule at its instants with timers, in this process only. */
export class ScheduleTimers {
  private readonly timings = new Map<Uuid, ScheduleTiming>();
  private readonly timers = new Map<Uuid, NodeJS.Timeout>();
  private due: ((scheduleId: Uuid, scheduledFor: Date) => void) | undefined;

  constructor(private readonly now: () => Date) {}

  set(scheduleId: Uuid, timing: ScheduleTiming): void {
    this.clear(scheduleId);
    this.timings.set(scheduleId, timing);
    if (this.due !== undefined) this.arm(scheduleId, timing, this.now());
  }

  remove(scheduleId: Uuid): void {
    this.clear(scheduleId);
    this.timings.delete(scheduleId);
  }

  start(due: (scheduleId: Uuid, scheduledFor: Date) => void): void {
    this.due = due;
    const now = this.now();
    for (const [id, timing] of this.timings) this.arm(id, timing, now);
  }

  stop(): void {
    this.due = undefined;
    for (const id of [...this.timers.keys()]) this.clear(id);
  }

  private clear(scheduleId: Uuid): void {
    clearTimeout(this.timers.get(scheduleId));
    this.timers.delete(scheduleId);
  }

  private arm(scheduleId: Uuid, timing: ScheduleTiming, after: Date): void {
    const instant = cronScheduleCalendar.nextFiringAfter(timing, after);
    this.wait(scheduleId, timing, instant);
  }

  private wait(scheduleId: Uuid, timing: ScheduleTiming, instant: Date): void {
    const delay = instant.getTime() - this.now().getTime();
    const timer = setTimeout(
      () => {
        if (this.timings.get(scheduleId) !== timing || this.due === undefined) return;
        if (this.now().getTime() < instant.getTime()) return this.wait(scheduleId, timing, instant);
        this.due(scheduleId, instant);
        this.arm(scheduleId, timing, instant);
      },
      Math.min(Math.max(delay, 0), LONGEST_WAIT_MS),
    );
    timer.unref();
    this.timers.set(scheduleId, timer);
  }
}
