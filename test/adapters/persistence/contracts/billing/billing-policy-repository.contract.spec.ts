import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { missing, taken } from '../../../../../src/application/ports/storage-outcomes.js';
import { DEFAULT_MARK } from '../../../../../src/domain/billing/dunning/dunning-rule.js';
import { firesNothing, NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { STORE_RECORD_LIST } from '../../../../../src/domain/store-records/store-record.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { aDunningRule, aProrationPolicy } from '../../../../support/subscription-builders.js';

const refused = E.left('refused' as const);

forEachBackend('Billing policy repository contract (proration policies and dunning rules)', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { policies: ports.prorationPolicies, rules: ports.dunningRules, store, other };
  };

  it('stores every attribute at its limits and reads it back, never from another store', async () => {
    const { policies, rules, store, other } = await setup();
    const policy = aProrationPolicy(store.id, {
      name: `Café ☕ ${'n'.repeat(1017)}`,
      rounding: 'nearest',
      external_ref: `😀${'r'.repeat(2047)}`,
    });
    const rule = aDunningRule(store.id, {
      payment_retry_type: 'backoff',
      payment_retry_interval: 1024,
      payment_retry_unit: 'week',
      payment_retry_multiplier: 1.25,
      payment_retries_limit: 2_147_483_647,
      action: 'suspend',
      default: false,
    });
    expect(await policies.insert(policy, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await rules.insert(rule, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await policies.findById(store.id, policy.id)).to.deep.equal(policy);
    expect(await rules.findById(store.id, rule.id)).to.deep.equal(rule);
    expect(await policies.findById(other.id, policy.id)).to.equal(undefined);
    expect(await rules.findById(store.id, policy.id)).to.equal(undefined);
  });

  it('lets one proration policy of a store hold an external_ref, another store or no external_ref never collides', async () => {
    const { policies, store, other } = await setup();
    const shared = aProrationPolicy(store.id, { external_ref: 'shared' });
    expect(await policies.insert(shared, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await policies.insert(aProrationPolicy(store.id, { external_ref: 'shared' }), NO_EVENTS)).to.deep.equal(
      E.left(taken),
    );
    expect(await policies.insert(aProrationPolicy(store.id, { external_ref: 'Shared' }), NO_EVENTS)).to.deep.equal(
      E.right(undefined),
    );
    expect(await policies.findByExclusiveValue(store.id, 'shared')).to.deep.equal(shared);
    expect(await policies.findByExclusiveValue(store.id, 'nothing')).to.equal(undefined);
    expect(await policies.insert(aProrationPolicy(other.id, { external_ref: 'shared' }), NO_EVENTS)).to.deep.equal(
      E.right(undefined),
    );
    expect(await policies.insert(aProrationPolicy(store.id), NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await policies.insert(aProrationPolicy(store.id), NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect((await policies.list(store.id, listQuery(STORE_RECORD_LIST))).total).to.equal(4);
  });

  it('lets one dunning rule of a store be the default; rules that are not the default never collide', async () => {
    const { rules, store, other } = await setup();
    const first = aDunningRule(store.id, { default: true });
    expect(await rules.insert(first, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await rules.insert(aDunningRule(store.id, { default: true }), NO_EVENTS)).to.deep.equal(E.left(taken));
    expect(await rules.insert(aDunningRule(other.id, { default: true }), NO_EVENTS)).to.deep.equal(E.right(undefined));
    const second = aDunningRule(store.id, { default: false });
    expect(await rules.insert(second, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await rules.insert(aDunningRule(store.id), NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(
      await rules.update(
        store.id,
        second.id,
        (r) => E.right({ ...r, attributes: { ...r.attributes, default: true } }),
        firesNothing,
      ),
    ).to.deep.equal(E.left(taken));
    expect(await rules.findById(store.id, second.id)).to.deep.equal(second);
    expect(
      await rules.update(
        store.id,
        first.id,
        (r) => E.right({ ...r, attributes: { ...r.attributes, default: true, action: 'close' } }),
        firesNothing,
      ),
    ).to.satisfy(E.isRight);
    await rules.update(
      store.id,
      first.id,
      (r) => E.right({ ...r, attributes: { ...r.attributes, default: false } }),
      firesNothing,
    );
    expect(
      await rules.update(
        store.id,
        second.id,
        (r) => E.right({ ...r, attributes: { ...r.attributes, default: true } }),
        firesNothing,
      ),
    ).to.satisfy(E.isRight);
    // The default is found by its mark, within the store only.
    expect((await rules.findByExclusiveValue(store.id, DEFAULT_MARK))?.id).to.equal(second.id);
    await rules.update(
      store.id,
      second.id,
      (r) => E.right({ ...r, attributes: { ...r.attributes, default: false } }),
      firesNothing,
    );
    expect(await rules.findByExclusiveValue(store.id, DEFAULT_MARK)).to.equal(undefined);
    expect((await rules.findByExclusiveValue(other.id, DEFAULT_MARK))?.storeId).to.equal(other.id);
  });

  it('gives an exclusive value to exactly one of many concurrent writers', async () => {
    const { policies, rules, store } = await setup();
    const inserts = await Promise.all(
      Array.from({ length: 6 }, () => policies.insert(aProrationPolicy(store.id, { external_ref: 'race' }), NO_EVENTS)),
    );
    expect(inserts.filter(E.isRight)).to.have.length(1);
    const candidates = Array.from({ length: 6 }, () => aDunningRule(store.id));
    for (const rule of candidates) await rules.insert(rule, NO_EVENTS);
    const promotions = await Promise.all(
      candidates.map((rule) =>
        rules.update(
          store.id,
          rule.id,
          (r) => E.right({ ...r, attributes: { ...r.attributes, default: true } }),
          firesNothing,
        ),
      ),
    );
    expect(promotions.filter(E.isRight)).to.have.length(1);
    expect(promotions.filter(E.isLeft).map((p) => p.left)).to.deep.equal(Array.from({ length: 5 }, () => taken));
    const defaults = (await rules.list(store.id, listQuery(STORE_RECORD_LIST, { limit: 100 }))).items.filter(
      (r) => r.attributes.default === true,
    );
    expect(defaults).to.have.length(1);
  });

  it('updates through a change function within the store; a refused change stores nothing', async () => {
    const { policies, store, other } = await setup();
    const policy = aProrationPolicy(store.id, { external_ref: 'old' });
    await policies.insert(policy, NO_EVENTS);
    const later = new Date('2026-06-01T00:00:00.000Z');
    const renamed = await policies.update(
      store.id,
      policy.id,
      (p) => E.right({ ...p, attributes: { name: 'Renamed', rounding: 'down' }, updatedAt: later }),
      firesNothing,
    );
    expect(renamed).to.deep.equal(
      E.right({ ...policy, attributes: { name: 'Renamed', rounding: 'down' }, updatedAt: later }),
    );
    expect(await policies.findById(store.id, policy.id)).to.deep.equal({
      ...policy,
      attributes: { name: 'Renamed', rounding: 'down' },
      updatedAt: later,
    });
    expect(await policies.update(store.id, policy.id, () => refused, firesNothing)).to.deep.equal(refused);
    expect(await policies.update(other.id, policy.id, (p) => E.right(p), firesNothing)).to.deep.equal(E.left(missing));
    // The cleared external_ref is free again.
    expect(await policies.insert(aProrationPolicy(store.id, { external_ref: 'old' }), NO_EVENTS)).to.deep.equal(
      E.right(undefined),
    );
  });

  it('applies concurrent updates one after the other, so that none is lost', async () => {
    const { rules, store } = await setup();
    const rule = aDunningRule(store.id);
    await rules.insert(rule, NO_EVENTS);
    await Promise.all([
      rules.update(
        store.id,
        rule.id,
        (r) => E.right({ ...r, attributes: { ...r.attributes, action: 'pause' } }),
        firesNothing,
      ),
      rules.update(
        store.id,
        rule.id,
        (r) => E.right({ ...r, attributes: { ...r.attributes, payment_retries_limit: 3 } }),
        firesNothing,
      ),
    ]);
    expect((await rules.findById(store.id, rule.id))?.attributes).to.deep.equal({
      ...rule.attributes,
      action: 'pause',
      payment_retries_limit: 3,
    });
  });

  it('deletes within the store only, once, and never brings a record back when an update races the deletion', async () => {
    const { rules, store, other } = await setup();
    const rule = aDunningRule(store.id, { default: true });
    await rules.insert(rule, NO_EVENTS);
    expect(await rules.delete(other.id, rule.id, NO_EVENTS)).to.deep.equal(E.left(missing));
    const both = await Promise.all([
      rules.delete(store.id, rule.id, NO_EVENTS),
      rules.delete(store.id, rule.id, NO_EVENTS),
    ]);
    expect(both.filter(E.isRight)).to.have.length(1);
    expect(await rules.findById(store.id, rule.id)).to.equal(undefined);
    // The deleted default leaves the store without one, free for another rule.
    expect(await rules.insert(aDunningRule(store.id, { default: true }), NO_EVENTS)).to.deep.equal(E.right(undefined));
    for (let n = 0; n < 5; n += 1) {
      const raced = aDunningRule(store.id);
      await rules.insert(raced, NO_EVENTS);
      const [updated, deleted] = await Promise.all([
        rules.update(
          store.id,
          raced.id,
          (r) => E.right({ ...r, attributes: { ...r.attributes, action: 'close' } }),
          firesNothing,
        ),
        rules.delete(store.id, raced.id, NO_EVENTS),
      ]);
      expect(deleted).to.deep.equal(E.right(undefined));
      expect(E.isLeft(updated) ? updated.left : updated.right.attributes.action).to.satisfy(
        (v: unknown) => v === 'close' || (v as { _tag?: string })._tag === 'Missing',
      );
      expect(await rules.findById(store.id, raced.id)).to.equal(undefined);
    }
  });

  it('lists newest first, then by id, a page at a time, counting only the store', async () => {
    const { policies, store, other } = await setup();
    const dated = [1, 2, 3].map((n) => aProrationPolicy(store.id, {}, new Date(Date.UTC(2026, 0, n))));
    const sameInstant = [
      aProrationPolicy(store.id, {}, new Date(Date.UTC(2026, 1, 1))),
      aProrationPolicy(store.id, {}, new Date(Date.UTC(2026, 1, 1))),
    ];
    for (const p of [...dated, ...sameInstant]) await policies.insert(p, NO_EVENTS);
    await policies.insert(aProrationPolicy(other.id), NO_EVENTS);
    const all = await policies.list(store.id, listQuery(STORE_RECORD_LIST, { limit: 100 }));
    const tied = [...sameInstant].sort((a, b) => (a.id < b.id ? 1 : -1));
    expect(all.items.map((p) => p.id)).to.deep.equal([...tied, ...[...dated].reverse()].map((p) => p.id));
    expect(all.total).to.equal(5);
    const page = await policies.list(store.id, listQuery(STORE_RECORD_LIST, { limit: 2, offset: 2 }));
    expect(page.items.map((p) => p.id)).to.deep.equal([dated[2]!.id, dated[1]!.id]);
    expect(page.total).to.equal(5);
  });
});
