import { expect } from 'chai';
import fc from 'fast-check';
import { CircuitBreaker, type CircuitState } from '../../../src/adapters/resilience/circuit-breaker.js';

/** A breaker on a clock the test moves, recording each change of state. */
const breaker = (failuresToOpen = 3, openMs = 1000) => {
  let now = 0;
  const changes: string[] = [];
  const circuit = new CircuitBreaker({
    failuresToOpen,
    openMs,
    now: () => now,
    onStateChange: (to, from) => changes.push(`${from}>${to}`),
  });
  return { circuit, changes, advance: (ms: number) => (now += ms) };
};

describe('CircuitBreaker', () => {
  it('opens after the given number of failures in a row, and not before', () => {
    const cases: ReadonlyArray<[number, CircuitState]> = [
      [0, 'closed'],
      [1, 'closed'],
      [2, 'closed'],
      [3, 'open'],
      [4, 'open'],
    ];
    for (const [failures, state] of cases) {
      const { circuit } = breaker(3);
      for (let i = 0; i < failures; i += 1) if (circuit.allows()) circuit.failed();
      expect(circuit.state, `${failures} failures`).to.equal(state);
    }
  });

  it('forgets failures once a call succeeds', () => {
    const { circuit } = breaker(3);
    for (const ok of [false, false, true, false, false]) {
      expect(circuit.allows()).to.equal(true);
      if (ok) circuit.succeeded();
      else circuit.failed();
    }
    expect(circuit.state).to.equal('closed');
  });

  it('refuses calls while open, lets exactly one probe through after openMs, and closes on its success', () => {
    const { circuit, changes, advance } = breaker(1, 1000);
    circuit.allows();
    circuit.failed();
    const boundary: ReadonlyArray<[number, boolean]> = [
      [0, false],
      [999, false],
      [1, true],
    ];
    for (const [ms, allowed] of boundary) {
      advance(ms);
      expect(circuit.allows(), `after ${ms} ms more`).to.equal(allowed);
    }
    expect(circuit.state).to.equal('half_open');
    expect(circuit.allows(), 'a second call while the probe runs').to.equal(false);
    circuit.succeeded();
    expect(circuit.state).to.equal('closed');
    expect(circuit.allows()).to.equal(true);
    expect(changes).to.deep.equal(['closed>open', 'open>half_open', 'half_open>closed']);
    expect(circuit.transitions()).to.deep.equal({ closed: 1, open: 1, half_open: 1 });
  });

  it('opens again for another openMs when the probe fails', () => {
    const { circuit, changes, advance } = breaker(2, 500);
    for (let i = 0; i < 2; i += 1) if (circuit.allows()) circuit.failed();
    advance(500);
    expect(circuit.allows()).to.equal(true);
    circuit.failed();
    expect(circuit.state).to.equal('open');
    advance(499);
    expect(circuit.allows()).to.equal(false);
    advance(1);
    expect(circuit.allows()).to.equal(true);
    expect(changes).to.deep.equal(['closed>open', 'open>half_open', 'half_open>open', 'open>half_open']);
  });

  it('runs the call or the fallback, and counts a thrown call as a failure before rethrowing it', async () => {
    const { circuit } = breaker(1);
    expect(
      await circuit.run(
        async () => 'called',
        () => 'fallback',
      ),
    ).to.equal('called');
    await circuit
      .run(
        async () => Promise.reject(new Error('down')),
        () => 'fallback',
      )
      .then(
        () => expect.fail('the failure is rethrown'),
        (error: Error) => expect(error.message).to.equal('down'),
      );
    expect(
      await circuit.run(
        async () => 'called',
        () => 'fallback',
      ),
    ).to.equal('fallback');
  });

  it('never has more than one call in flight that it let through while not closed, whatever the outcomes and timing', () => {
    const step = fc.oneof(
      fc.constant({ kind: 'call' as const }),
      fc.record({ kind: fc.constant('finish' as const), ok: fc.boolean() }),
      fc.record({ kind: fc.constant('wait' as const), ms: fc.nat(1500) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const { circuit, advance } = breaker(3, 1000);
        // Calls let through and not yet finished, each marked by whether the circuit was closed when it started.
        const inFlight: boolean[] = [];
        for (const s of steps) {
          if (s.kind === 'wait') advance(s.ms);
          else if (s.kind === 'call') {
            const closed = circuit.state === 'closed';
            if (circuit.allows()) inFlight.push(closed);
          } else if (inFlight.length > 0) {
            inFlight.shift();
            if (s.ok) circuit.succeeded();
            else circuit.failed();
          }
          expect(inFlight.filter((closed) => !closed).length).to.be.at.most(1);
        }
      }),
    );
  });
});
