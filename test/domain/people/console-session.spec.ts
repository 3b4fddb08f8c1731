import { expect } from 'chai';
import {
  DEFAULT_SESSION_LIFETIME,
  newConsoleSession,
  sessionEndsAt,
  sessionLive,
  touchDue,
  touched,
  USER_AGENT_MAX,
} from '../../../src/domain/people/console-session.js';
import { removesLastOwner } from '../../../src/domain/people/merchant-user.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';

const STORE = '00000000-0000-4000-8000-000000000001' as Uuid;
const USER = '00000000-0000-4000-8000-000000000002' as Uuid;
const START = new Date('2026-01-01T00:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(START.getTime() + ms);
const lifetime = { idleMs: 30 * MINUTE, maxMs: 12 * HOUR };
const session = newConsoleSession(
  { idHash: 'id', csrfHash: 'csrf' },
  STORE,
  { kind: 'user', id: USER },
  { address: '127.0.0.1', userAgent: 'x'.repeat(USER_AGENT_MAX + 10) },
  lifetime,
  START,
);

describe('console session lifetime', () => {
  it('defaults to 30 minutes idle and 12 hours at most', () => {
    expect(DEFAULT_SESSION_LIFETIME).to.deep.equal({ idleMs: 30 * MINUTE, maxMs: 12 * HOUR });
  });

  it('starts with both ends set and the origin kept within bounds', () => {
    expect(session.idleExpiresAt).to.deep.equal(at(30 * MINUTE));
    expect(session.expiresAt).to.deep.equal(at(12 * HOUR));
    expect(session.userAgent).to.have.length(USER_AGENT_MAX);
    expect(sessionEndsAt(session)).to.deep.equal(at(30 * MINUTE));
  });

  const idle: readonly [string, number, boolean][] = [
    ['at its start', 0, true],
    ['a millisecond before the idle end', 30 * MINUTE - 1, true],
    ['at the idle end', 30 * MINUTE, false],
    ['after the idle end', 31 * MINUTE, false],
  ];
  for (const [when, ms, live] of idle)
    it(`unused, is ${live ? 'live' : 'ended'} ${when}`, () => expect(sessionLive(session, at(ms))).to.equal(live));

  const touches: readonly [string, number, boolean][] = [
    ['at once', 0, false],
    ['59.999 s later', MINUTE - 1, false],
    ['a minute later', MINUTE, true],
  ];
  for (const [when, ms, due] of touches)
    it(`records a use ${due ? '' : 'not '}${when}`, () => expect(touchDue(session, at(ms))).to.equal(due));

  it('moves the idle end with use, never past the absolute end', () => {
    const used = touched(session, lifetime, at(20 * MINUTE));
    expect(used.lastUsedAt).to.deep.equal(at(20 * MINUTE));
    expect(used.idleExpiresAt).to.deep.equal(at(50 * MINUTE));
    expect(sessionLive(used, at(49 * MINUTE))).to.equal(true);
    const late = touched(session, lifetime, at(12 * HOUR - 10 * MINUTE));
    expect(late.idleExpiresAt).to.deep.equal(at(12 * HOUR));
    expect(sessionLive(late, at(12 * HOUR - 1))).to.equal(true);
    expect(sessionLive(late, at(12 * HOUR))).to.equal(false);
  });

  it('ends at the absolute end however recently used', () => {
    const short = newConsoleSession(
      { idHash: 'a', csrfHash: 'b' },
      STORE,
      { kind: 'key', id: USER },
      {},
      { idleMs: HOUR, maxMs: 10 * MINUTE },
      START,
    );
    expect(short.idleExpiresAt).to.deep.equal(at(10 * MINUTE));
    expect(short.address).to.equal(null);
    expect(sessionLive(short, at(10 * MINUTE))).to.equal(false);
  });
});

describe('the last owner', () => {
  const person = (role: 'owner' | 'admin') => ({
    id: USER,
    storeId: STORE,
    name: 'Ada',
    email: 'ada@example.com',
    role,
    createdAt: START,
    updatedAt: START,
    lastSignedInAt: null,
  });
  const cases: readonly [string, 'owner' | 'admin', 'owner' | 'admin' | undefined, number, boolean][] = [
    ['demoting the only owner', 'owner', 'admin', 0, true],
    ['deleting the only owner', 'owner', undefined, 0, true],
    ['demoting one of two owners', 'owner', 'admin', 1, false],
    ['renaming the only owner', 'owner', 'owner', 0, false],
    ['demoting an admin', 'admin', 'admin', 0, false],
  ];
  for (const [what, before, after, others, refused] of cases)
    it(`${refused ? 'refuses' : 'allows'} ${what}`, () =>
      expect(removesLastOwner(person(before), after === undefined ? undefined : person(after), others)).to.equal(
        refused,
      ));
});
