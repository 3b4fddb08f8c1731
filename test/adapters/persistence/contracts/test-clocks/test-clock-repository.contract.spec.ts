import { expect } from 'chai';
import { TOKENS } from '../../../../../src/application/tokens.js';
import { buildContainer } from '../../../../../src/container.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aKey, aStore, storeRecords } from '../../../../support/builders.js';

forEachBackend('TestClockRepository contract', (_backend, persistence) => {
  const setup = async () => {
    const container = buildContainer(persistence());
    const store = aStore();
    await container.get(TOKENS.StoreRepository).create(storeRecords(store, aKey(store.id)));
    return { clocks: container.get(TOKENS.TestClockRepository), store };
  };
  const at = (iso: string) => new Date(iso);

  it('holds no time until set, then the time of each move made from the time it holds', async () => {
    const { clocks, store } = await setup();
    expect(await clocks.find(store.id)).to.equal(undefined);
    expect(await clocks.move(store.id, undefined, at('2030-01-15T00:00:00.123Z'))).to.equal(true);
    expect(await clocks.find(store.id)).to.deep.equal(at('2030-01-15T00:00:00.123Z'));
    expect(await clocks.move(store.id, at('2030-01-15T00:00:00.123Z'), at('2030-03-01T00:00:00Z'))).to.equal(true);
    expect(await clocks.find(store.id)).to.deep.equal(at('2030-03-01T00:00:00Z'));
  });

  it('refuses a move made from a time the clock no longer holds, or a first set when it was set', async () => {
    const { clocks, store } = await setup();
    await clocks.move(store.id, undefined, at('2030-01-15T00:00:00Z'));
    expect(await clocks.move(store.id, undefined, at('2031-01-01T00:00:00Z'))).to.equal(false);
    expect(await clocks.move(store.id, at('2030-01-14T00:00:00Z'), at('2031-01-01T00:00:00Z'))).to.equal(false);
    expect(await clocks.find(store.id)).to.deep.equal(at('2030-01-15T00:00:00Z'));
  });

  it('lets exactly one of many concurrent moves from one time win, and keeps stores apart', async () => {
    const { clocks, store } = await setup();
    const other = aStore();
    const moves = await Promise.all(
      Array.from({ length: 8 }, (_, i) => clocks.move(store.id, undefined, at(`2030-01-1${i}T00:00:00Z`))),
    );
    expect(moves.filter(Boolean)).to.have.length(1);
    expect(await clocks.find(other.id)).to.equal(undefined);
  });

  it('clears only from the time it holds, then holds none until set again', async () => {
    const { clocks, store } = await setup();
    expect(await clocks.clear(store.id, at('2030-01-15T00:00:00Z')), 'never set').to.equal(false);
    await clocks.move(store.id, undefined, at('2030-01-15T00:00:00.123Z'));
    expect(await clocks.clear(store.id, at('2030-01-15T00:00:00Z')), 'another time').to.equal(false);
    expect(await clocks.find(store.id)).to.deep.equal(at('2030-01-15T00:00:00.123Z'));
    expect(await clocks.clear(store.id, at('2030-01-15T00:00:00.123Z'))).to.equal(true);
    expect(await clocks.find(store.id)).to.equal(undefined);
    expect(await clocks.move(store.id, undefined, at('2030-02-01T00:00:00Z')), 'set again').to.equal(true);
    expect(await clocks.find(store.id)).to.deep.equal(at('2030-02-01T00:00:00Z'));
  });

  it('lets exactly one of a clear and a move from one time win', async () => {
    const { clocks, store } = await setup();
    await clocks.move(store.id, undefined, at('2030-01-15T00:00:00Z'));
    const [cleared, moved] = await Promise.all([
      clocks.clear(store.id, at('2030-01-15T00:00:00Z')),
      clocks.move(store.id, at('2030-01-15T00:00:00Z'), at('2030-03-01T00:00:00Z')),
    ]);
    expect([cleared, moved].filter(Boolean)).to.have.length(1);
    expect(await clocks.find(store.id)).to.deep.equal(moved ? at('2030-03-01T00:00:00Z') : undefined);
  });
});
