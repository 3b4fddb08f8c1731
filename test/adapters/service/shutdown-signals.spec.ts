import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { pino } from 'pino';
import {
  DUPLICATE_SIGNAL_WINDOW_MS,
  handleShutdownSignals,
  type ShutdownSignal,
} from '../../../src/adapters/service/shutdown-signals.js';
import { eventually } from '../../support/job-harness.js';
import { LogCapture } from '../../support/test-api.js';

/** A promise settled from outside, to stand for a stop or a close that takes as long as a test wants. */
const pending = <A>() => {
  let resolve: (value: A) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<A>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

// Far beyond the tests' short waits (20 ms), which a loaded machine may stretch several times over.
const DEADLINE_MS = 1_000;
const GRACE_MS = 80;

/** The handler on a stand-in process, recording in order what it did. */
const harness = () => {
  let clock = 0;
  const signals = new EventEmitter();
  const logs = new LogCapture();
  const events: string[] = [];
  const stopping = pending<number>();
  const closing = pending<void>();
  let stops = 0;
  let closes = 0;
  let closedAt: number | undefined;
  const exited = pending<number>();
  handleShutdownSignals(signals, {
    logger: pino({ level: 'info' }, logs),
    timeoutMs: 100,
    deadlineMs: DEADLINE_MS,
    closeGraceMs: GRACE_MS,
    stop: () => {
      stops += 1;
      events.push('stop');
      return stopping.promise;
    },
    closeDatabase: () => {
      closes += 1;
      closedAt ??= Date.now();
      events.push('close database');
      return closing.promise.then(() => void events.push('database closed'));
    },
    exit: (code) => {
      events.push(`exit ${code}`);
      exited.resolve(code);
    },
    now: () => clock,
  });
  const send = (signal: ShutdownSignal) => signals.emit(signal, signal);
  const messages = () => logs.lines.map((l) => l['msg']);
  const wait = (ms: number) => {
    clock += ms;
  };
  return {
    send,
    wait,
    events,
    stopping,
    closing,
    exited: exited.promise,
    logs,
    messages,
    counts: () => ({ stops, closes }),
    /** When the database was first asked to close (the wall clock's milliseconds). */
    closedAt: () => closedAt,
  };
};

describe('Shutdown on signals', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`starts the graceful stop on ${signal} and exits with its code`, async () => {
      const h = harness();
      h.send(signal);
      expect(h.logs.lines[0]).to.include({ msg: 'shutting down', signal, timeout_ms: 100 });
      h.stopping.resolve(0);
      expect(await h.exited).to.equal(0);
      expect(h.events).to.deep.equal(['stop', 'exit 0']);
    });
  }

  it("ignores a second signal, and logs it at info when it is npm's copy of a terminal's Ctrl-C", async () => {
    const h = harness();
    h.send('SIGINT');
    h.wait(DUPLICATE_SIGNAL_WINDOW_MS);
    h.send('SIGINT');
    await sleep(20);
    expect(h.events).to.deep.equal(['stop']);
    expect(h.logs.lines[1]).to.include({
      msg: "already shutting down: the same signal again, as npm passes on a terminal's Ctrl-C; ignored (a further one forces the exit)",
      signal: 'SIGINT',
      after_ms: DUPLICATE_SIGNAL_WINDOW_MS,
      level: 30,
    });
    h.stopping.resolve(1);
    expect(await h.exited).to.equal(1);
    expect(h.counts()).to.deep.equal({ stops: 1, closes: 0 });
  });

  const sentOnPurpose = [
    { case: 'another signal at once', first: 'SIGTERM', second: 'SIGINT', afterMs: 0 },
    { case: 'the same signal later', first: 'SIGINT', second: 'SIGINT', afterMs: DUPLICATE_SIGNAL_WINDOW_MS + 1 },
    { case: 'a second SIGTERM later', first: 'SIGTERM', second: 'SIGTERM', afterMs: 5_000 },
  ] as const;
  for (const c of sentOnPurpose)
    it(`logs a second signal sent on purpose as a warning, and ignores it: ${c.case}`, async () => {
      const h = harness();
      h.send(c.first);
      h.wait(c.afterMs);
      h.send(c.second);
      await sleep(20);
      expect(h.events).to.deep.equal(['stop']);
      expect(h.logs.lines[1]).to.include({
        msg: 'already shutting down: signal ignored (a further one forces the exit)',
        signal: c.second,
        level: 40,
      });
      h.stopping.resolve(0);
      expect(await h.exited).to.equal(0);
    });

  it('forces the exit on a third signal, only once the database is closed', async () => {
    const h = harness();
    h.send('SIGTERM');
    h.send('SIGINT');
    h.send('SIGTERM');
    await sleep(20);
    expect(h.events, 'waiting for the database').to.deep.equal(['stop', 'close database']);
    h.closing.resolve();
    expect(await h.exited).to.equal(1);
    expect(h.events).to.deep.equal(['stop', 'close database', 'database closed', 'exit 1']);
    expect(h.messages()).to.include.members([
      'forcing the exit: closing the database first',
      'database closed; exiting',
    ]);
  });

  it('forces the exit at the deadline when the stop has not ended, once the database is closed', async () => {
    const h = harness();
    const started = Date.now();
    h.send('SIGTERM');
    await sleep(DEADLINE_MS / 2);
    // A loaded machine may wake this sleep after the deadline: what comes before it is judged only when it did not.
    if (Date.now() - started < DEADLINE_MS) expect(h.events).to.deep.equal(['stop']);
    await eventually(
      async () => h.events,
      (events) => events.includes('close database'),
    );
    expect(h.events).to.deep.equal(['stop', 'close database']);
    expect(h.closedAt()! - started, 'the database closed before the deadline').to.be.at.least(DEADLINE_MS);
    h.closing.resolve();
    expect(await h.exited).to.equal(1);
    expect(h.events.at(-2)).to.equal('database closed');
    expect(h.logs.lines.find((l) => l['msg'] === 'forcing the exit: closing the database first')?.['reason']).to.match(
      new RegExp(`deadline of ${DEADLINE_MS} ms`),
    );
  });

  it('exits after the grace when the database does not close, and only once', async () => {
    const h = harness();
    h.send('SIGTERM');
    h.send('SIGTERM');
    const forcedAt = Date.now();
    h.send('SIGTERM');
    h.send('SIGTERM');
    expect(await h.exited).to.equal(1);
    expect(Date.now() - forcedAt).to.be.at.least(GRACE_MS - 5);
    expect(h.messages()).to.include('the database did not close in time; exiting');
    // The stop ending late does not exit a second time.
    h.stopping.resolve(0);
    h.closing.resolve();
    await sleep(DEADLINE_MS + GRACE_MS);
    expect(h.events.filter((e) => e.startsWith('exit'))).to.deep.equal(['exit 1']);
    expect(h.counts()).to.deep.equal({ stops: 1, closes: 1 });
  });

  it('exits 1 when the stop fails, and logs why', async () => {
    const h = harness();
    h.send('SIGTERM');
    h.stopping.reject(new Error('drain failed'));
    expect(await h.exited).to.equal(1);
    expect(h.logs.lines.find((l) => l['msg'] === 'shutdown failed')).to.have.nested.property(
      'err.message',
      'drain failed',
    );
  });
});
