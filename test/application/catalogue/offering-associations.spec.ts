import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryCatalogueRepository } from '../../../src/adapters/persistence/in-memory/catalogue/in-memory-catalogue-repository.js';
import { InMemoryOfferingRepository } from '../../../src/adapters/persistence/in-memory/catalogue/in-memory-offering-repository.js';
import { AssociateOfferingPlans } from '../../../src/application/use-cases/catalogue/associate-offering-plans.js';
import { AttachOfferingPlans } from '../../../src/application/use-cases/catalogue/attach-offering-plans.js';
import { BuildOffering } from '../../../src/application/use-cases/catalogue/build-offering.js';
import { MakeOfferingPlan } from '../../../src/application/use-cases/catalogue/make-offering-items.js';
import { PRICING_OPTION_TYPE } from '../../../src/domain/catalogue/offering-input-2025.js';
import { PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';
import { right, subscriptionCore } from '../../support/subscription-core.js';

const setup = async () => {
  const core = await subscriptionCore();
  const { state, clock, ids } = core;
  const offerings = new InMemoryOfferingRepository(state);
  const products = new InMemoryCatalogueRepository(state.products, state.offerings, (o) => o.products);
  const plans = new InMemoryCatalogueRepository(state.plans, state.offerings, (o) => o.plans);
  const build = new BuildOffering(offerings, products, plans, clock, ids);
  const offering = right(
    await build.execute(
      core.storeId,
      {
        name: 'Club',
        plans: [
          { name: 'Beans', external_ref: 'beans' },
          { name: 'Mugs', external_ref: 'mugs' },
        ],
        pricing_options: [
          { ...PLAN_ATTRIBUTES, external_ref: 'monthly' },
          { ...PLAN_ATTRIBUTES, name: 'Yearly', external_ref: 'yearly' },
        ],
        pricing_option_associations: { beans: ['monthly', 'yearly'], mugs: ['yearly'] },
      },
      '2025',
    ),
  );
  return {
    ...core,
    offerings,
    offering,
    associate: new AssociateOfferingPlans(offerings, clock),
    attachPlans: new AttachOfferingPlans(offerings, plans, clock, ids),
    makePlan: new MakeOfferingPlan(offerings, clock, ids),
  };
};

const options = (...ids: string[]) => ids.map((id) => ({ type: PRICING_OPTION_TYPE, id }));

describe('associating plans with pricing options (use cases on in-memory adapters)', () => {
  it('adds and removes, each change a new version, and what already was no version at all', async () => {
    const { associate, offerings, offering, storeId } = await setup();
    const [, mugs] = offering.products;
    const [monthly, yearly] = offering.plans;
    const added = right(await associate.execute(storeId, offering.id, mugs!.id, options(monthly!.id), 'add'));
    expect(added.map((p) => p.id)).to.deep.equal([monthly!.id, yearly!.id]);
    const complete = await offerings.findById(storeId, offering.id);
    expect(complete?.version).to.equal(2);
    expect(complete).not.to.have.property('eligibility');
    right(await associate.execute(storeId, offering.id, mugs!.id, options(monthly!.id), 'add'));
    expect((await offerings.findById(storeId, offering.id))?.version, 'nothing changed').to.equal(2);
    const removed = right(await associate.execute(storeId, offering.id, mugs!.id, options(yearly!.id), 'remove'));
    expect(removed.map((p) => p.id)).to.deep.equal([monthly!.id]);
    expect((await offerings.findById(storeId, offering.id))?.version).to.equal(3);
  });

  it('refuses an unknown plan (404) or pricing option (400), storing nothing', async () => {
    const { associate, offerings, offering, storeId } = await setup();
    const [beans] = offering.products;
    const [monthly] = offering.plans;
    const noPlan = await associate.execute(storeId, offering.id, monthly!.id, options(monthly!.id), 'add');
    expect(E.isLeft(noPlan) && noPlan.left._tag).to.equal('NotFound');
    const noOption = await associate.execute(storeId, offering.id, beans!.id, options(beans!.id), 'add');
    expect(E.isLeft(noOption) && noOption.left._tag).to.equal('ValidationFailed');
    const noOffering = await associate.execute(storeId, beans!.id, beans!.id, options(monthly!.id), 'add');
    expect(E.isLeft(noOffering) && noOffering.left._tag).to.equal('NotFound');
    expect((await offerings.findById(storeId, offering.id))?.version).to.equal(1);
  });

  it('a pricing option made in a partially associated offering goes with no plan until associated', async () => {
    const { makePlan, offering, storeId } = await setup();
    const made = right(
      await makePlan.execute(storeId, offering.id, {
        type: PRICING_OPTION_TYPE,
        attributes: { ...PLAN_ATTRIBUTES, name: 'Weekly' },
      }),
    );
    expect(made.offering.eligibility?.[offering.products[0]!.id]).not.to.include(made.copy.id);
  });

  it('refuses a 2024 attach to a partially associated offering with generation_mismatch, naming why', async () => {
    const { attachPlans, offering, storeId } = await setup();
    const refused = await attachPlans.execute(storeId, offering.id, { plans: [offering.plans[0]!.id] });
    expect(E.isLeft(refused) && refused.left).to.deep.include({ _tag: 'Conflict', code: 'generation_mismatch' });
  });
});
