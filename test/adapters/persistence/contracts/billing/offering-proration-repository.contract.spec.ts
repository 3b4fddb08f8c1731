import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { inUse, missing, referenceMissing } from '../../../../../src/application/ports/storage-outcomes.js';
import { OFFERING_LIST } from '../../../../../src/domain/catalogue/offering-query.js';
import { NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { anOffering, aProrationPolicy } from '../../../../support/subscription-builders.js';

forEachBackend("Offering proration repository contract (an offering's proration policy)", (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    const anOfferingOf = async (storeId = store.id, createdAt = new Date('2026-01-02T00:00:00.000Z')) => {
      const offering = anOffering(storeId, [], [], { createdAt, updatedAt: createdAt });
      expect(await ports.offerings.insert(offering, NO_EVENTS)).to.deep.equal(E.right(undefined));
      return offering;
    };
    const aPolicyOf = async (storeId = store.id) => {
      const policy = aProrationPolicy(storeId);
      expect(await ports.prorationPolicies.insert(policy, NO_EVENTS)).to.deep.equal(E.right(undefined));
      return policy;
    };
    const usingPolicy = async (storeId: typeof store.id, policyId: string) =>
      (
        await ports.offerings.list(
          storeId,
          listQuery(OFFERING_LIST, {
            limit: 100,
            filter: [{ op: 'eq', field: 'proration_policy_id', value: policyId }],
          }),
        )
      ).items.map((o) => o.id);
    return { ...ports, store, other, anOfferingOf, aPolicyOf, usingPolicy };
  };

  it('attaches, replaces and removes the policy an offering uses, which the offering list filters on', async () => {
    const { offeringProration, store, anOfferingOf, aPolicyOf, usingPolicy, offerings } = await setup();
    const [first, second] = [
      await anOfferingOf(store.id, new Date('2026-01-02T00:00:00.000Z')),
      await anOfferingOf(store.id, new Date('2026-01-03T00:00:00.000Z')),
    ];
    const [daily, weekly] = [await aPolicyOf(), await aPolicyOf()];
    expect(await offeringProration.use(store.id, first.id, daily.id)).to.deep.equal(E.right(undefined));
    expect(await offeringProration.use(store.id, second.id, daily.id)).to.deep.equal(E.right(undefined));
    expect(await usingPolicy(store.id, daily.id)).to.deep.equal([second.id, first.id]);
    expect(await offeringProration.use(store.id, first.id, weekly.id)).to.deep.equal(E.right(undefined));
    expect(await usingPolicy(store.id, daily.id)).to.deep.equal([second.id]);
    expect([
      await offeringProration.policyIdOf(store.id, first.id),
      await offeringProration.policyIdOf(store.id, second.id),
    ]).to.deep.equal([weekly.id, daily.id]);
    const both = await offerings.list(
      store.id,
      listQuery(OFFERING_LIST, { filter: [{ op: 'in', field: 'proration_policy_id', values: [daily.id, weekly.id] }] }),
    );
    expect([both.items.map((o) => o.id), both.total]).to.deep.equal([[second.id, first.id], 2]);
    expect(await offeringProration.use(store.id, second.id, undefined)).to.deep.equal(E.right(undefined));
    expect(await usingPolicy(store.id, daily.id)).to.deep.equal([]);
    expect(await offeringProration.policyIdOf(store.id, second.id)).to.equal(undefined);
    // The offering itself is as it was: the reference is not one of its versions.
    expect(await offerings.findById(store.id, second.id)).to.deep.equal(second);
  });

  it("refuses another store's offering as missing and another store's policy as a missing reference", async () => {
    const { offeringProration, store, other, anOfferingOf, aPolicyOf, usingPolicy } = await setup();
    const offering = await anOfferingOf();
    const theirs = await aPolicyOf(other.id);
    expect(await offeringProration.use(store.id, offering.id, theirs.id)).to.deep.equal(E.left(referenceMissing));
    expect(await offeringProration.use(other.id, offering.id, theirs.id)).to.deep.equal(E.left(missing));
    expect(
      await offeringProration.use(store.id, offering.id, '8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e' as typeof theirs.id),
    ).to.deep.equal(E.left(referenceMissing));
    expect(await usingPolicy(other.id, theirs.id)).to.deep.equal([]);
    const ours = await aPolicyOf();
    await offeringProration.use(store.id, offering.id, ours.id);
    // Read through another store, the offering is not there and uses no policy.
    expect(await offeringProration.policyIdOf(store.id, offering.id)).to.equal(ours.id);
    expect(await offeringProration.policyIdOf(other.id, offering.id)).to.equal(undefined);
  });

  it('keeps a policy an offering uses from being deleted, until the offering lets it go or is deleted itself', async () => {
    const { offeringProration, prorationPolicies, offerings, store, anOfferingOf, aPolicyOf } = await setup();
    const [offering, another] = [await anOfferingOf(), await anOfferingOf()];
    const policy = await aPolicyOf();
    await offeringProration.use(store.id, offering.id, policy.id);
    await offeringProration.use(store.id, another.id, policy.id);
    expect(await prorationPolicies.delete(store.id, policy.id, NO_EVENTS)).to.deep.equal(E.left(inUse));
    await offeringProration.use(store.id, offering.id, undefined);
    expect(await prorationPolicies.delete(store.id, policy.id, NO_EVENTS)).to.deep.equal(E.left(inUse));
    expect(await offerings.delete(store.id, another.id, NO_EVENTS)).to.equal(true);
    expect(await prorationPolicies.delete(store.id, policy.id, NO_EVENTS)).to.deep.equal(E.right(undefined));
  });

  it('never leaves an offering referring to a deleted policy when an attach races the deletion', async () => {
    const { offeringProration, prorationPolicies, store, anOfferingOf, aPolicyOf, usingPolicy } = await setup();
    const offering = await anOfferingOf();
    for (let n = 0; n < 6; n += 1) {
      const policy = await aPolicyOf();
      const [attached, deleted] = await Promise.all([
        offeringProration.use(store.id, offering.id, policy.id),
        prorationPolicies.delete(store.id, policy.id, NO_EVENTS),
      ]);
      // Exactly one wins: the policy is used and stays, or it is gone and the attach was refused.
      if (E.isRight(attached)) {
        expect(deleted, `round ${n}`).to.deep.equal(E.left(inUse));
        expect(await prorationPolicies.findById(store.id, policy.id)).to.not.equal(undefined);
        expect(await usingPolicy(store.id, policy.id)).to.deep.equal([offering.id]);
        await offeringProration.use(store.id, offering.id, undefined);
      } else {
        expect(attached, `round ${n}`).to.deep.equal(E.left(referenceMissing));
        expect(deleted).to.deep.equal(E.right(undefined));
        expect(await usingPolicy(store.id, policy.id)).to.deep.equal([]);
      }
    }
  });
});
