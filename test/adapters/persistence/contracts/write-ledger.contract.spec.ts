import { expect } from 'chai';
import { TOKENS } from '../../../../src/application/tokens.js';
import { forEachBackend } from '../../../support/backends.js';
import { aKey, aStore, storeRecords } from '../../../support/builders.js';
import { portsOf } from '../../../support/ports.js';

forEachBackend('WriteLedger contract', (backend, persistence) => {
  const setup = () => {
    const ports = portsOf(persistence());
    return { ...ports, writes: ports.container.get(TOKENS.WriteLedger) };
  };

  it('records nothing outside a unit, nor for a unit that only reads', async () => {
    const { writes, stores } = setup();
    const store = aStore();
    await stores.create(storeRecords(store, aKey(store.id)));
    expect(writes.committedSoFar(), 'outside any unit').to.equal(false);
    await writes.run(async (unit) => {
      expect(await stores.findById(store.id)).to.not.equal(undefined);
      expect(unit.committed).to.equal(false);
      expect(writes.committedSoFar()).to.equal(false);
    });
  });

  it('records the first commit of a unit, seen from inside it, and not a write the database refused (databases only: in memory no write is in doubt)', async function () {
    if (backend.name === 'in-memory') this.skip();
    const { writes, stores } = setup();
    const taken = aStore();
    await stores.create(storeRecords(taken, aKey(taken.id)));
    await writes.run(async (unit) => {
      await stores.create(storeRecords(taken, aKey(taken.id))).then(
        () => expect.fail('the same store twice was stored'),
        () => undefined,
      );
      expect(unit.committed, 'a refused write').to.equal(false);
      const other = aStore();
      await stores.create(storeRecords(other, aKey(other.id)));
      expect(unit.committed).to.equal(true);
      expect(writes.committedSoFar()).to.equal(true);
    });
    expect(writes.committedSoFar(), 'after the unit').to.equal(false);
  });

  it('keeps units apart: what one commits is not recorded in another running at the same time (databases only)', async function () {
    if (backend.name === 'in-memory') this.skip();
    const { writes, stores } = setup();
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reader = writes.run(async (unit) => {
      await held;
      return { committed: unit.committed, soFar: writes.committedSoFar() };
    });
    await writes.run(async (unit) => {
      const store = aStore();
      await stores.create(storeRecords(store, aKey(store.id)));
      expect(unit.committed).to.equal(true);
    });
    release();
    expect(await reader).to.deep.equal({ committed: false, soFar: false });
  });
});
