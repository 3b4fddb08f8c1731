import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { asyncAuditScope } from '../../../src/adapters/system/async-audit-scope.js';
import { type AuditContext, SERVICE_CONTEXT, systemActor } from '../../../src/domain/audit/audit-event.js';

const contextOf = (work: string): AuditContext => ({ actor: systemActor(work), address: null, requestId: work });

/** Node's per-storage step at each promise made, where this Node has one (the async_hooks-based storage). */
type Propagating = { _propagate?: (...args: unknown[]) => void };

describe('the audit scope over AsyncLocalStorage', () => {
  it('gives each piece of work its own context across awaits, whatever runs beside it', async () => {
    const scope = asyncAuditScope();
    const seen = await Promise.all(
      ['a', 'b', 'c'].map((work, i) =>
        scope.run(contextOf(work), async () => {
          await sleep(3 - i);
          await Promise.resolve();
          return scope.current().requestId;
        }),
      ),
    );
    expect(seen).to.deep.equal(['a', 'b', 'c']);
    expect(scope.current()).to.equal(SERVICE_CONTEXT);
  });

  it('keeps the scopes of two cores apart, one run inside the other', async () => {
    const first = asyncAuditScope();
    const second = asyncAuditScope();
    const seen = await first.run(contextOf('outer'), () =>
      second.run(contextOf('inner'), async () => {
        await sleep(1);
        return [first.current().requestId, second.current().requestId];
      }),
    );
    expect(seen).to.deep.equal(['outer', 'inner']);
    expect(await second.run(contextOf('alone'), async () => first.current())).to.equal(SERVICE_CONTEXT);
    expect(
      await first.run(contextOf('a'), () => first.run(contextOf('b'), async () => first.current().requestId)),
    ).to.equal('b');
  });

  it('adds no storage Node visits at every promise, however many scopes a process makes', async function () {
    const prototype = AsyncLocalStorage.prototype as unknown as Propagating;
    const propagate = prototype._propagate;
    // A Node that carries async context without a step per storage at each promise has nothing to count.
    if (propagate === undefined) this.skip();
    const visitsPerPromise = async (): Promise<number> => {
      let visits = 0;
      prototype._propagate = function (this: unknown, ...args: unknown[]) {
        visits += 1;
        return propagate?.apply(this, args);
      };
      try {
        await new Promise<void>((resolve) => resolve());
      } finally {
        prototype._propagate = propagate;
      }
      return visits;
    };
    await asyncAuditScope().run(contextOf('first'), async () => undefined);
    const before = await visitsPerPromise();
    for (let i = 0; i < 200; i++) await asyncAuditScope().run(contextOf(`scope ${i}`), async () => undefined);
    expect(await visitsPerPromise()).to.equal(before);
  });
});
