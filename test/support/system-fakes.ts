import { randomIds } from '../../src/adapters/system/system-module.js';
import type { Clock, IdGenerator } from '../../src/application/ports/system.js';
import { parseUuid, type Uuid } from '../../src/domain/shared/uuid.js';

/** A clock that stands still until told to move. */
export class TestClock implements Clock {
  private current: Date;
  constructor(start = new Date('2026-01-01T00:00:00.000Z')) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date): void {
    this.current = new Date(date.getTime());
  }
}

/**
 * The real time, but never the same millisecond twice: records made one after the other over HTTP are
 * then ordered by creation alone, as a list orders them, without the id tie-breaker deciding.
 */
export class StrictlyIncreasingClock implements Clock {
  private last = 0;
  now(): Date {
    this.last = Math.max(Date.now(), this.last + 1);
    return new Date(this.last);
  }
}

export const testIds: IdGenerator = randomIds;

/** A UUID for tests; throws if the literal is malformed. */
export const uuid = (text: string): Uuid => {
  const id = parseUuid(text);
  if (id === undefined) throw new Error(`not a UUID: ${text}`);
  return id;
};
