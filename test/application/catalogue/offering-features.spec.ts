import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryCatalogueRepository } from '../../../src/adapters/persistence/in-memory/catalogue/in-memory-catalogue-repository.js';
import { InMemoryOfferingRepository } from '../../../src/adapters/persistence/in-memory/catalogue/in-memory-offering-repository.js';
import { InMemoryStoreRecordRepository } from '../../../src/adapters/persistence/in-memory/in-memory-store-record-repository.js';
import { AttachOfferingFeatures } from '../../../src/application/use-cases/catalogue/attach-offering-features.js';
import { BuildOffering } from '../../../src/application/use-cases/catalogue/build-offering.js';
import {
  GetOfferingFeature,
  ListOfferingFeatures,
} from '../../../src/application/use-cases/catalogue/list-offering-features.js';
import { CreateOfferingFeature } from '../../../src/application/use-cases/catalogue/make-offering-feature.js';
import { DeleteOfferingFeature } from '../../../src/application/use-cases/catalogue/remove-offering-feature.js';
import { ReplaceOfferingProducts } from '../../../src/application/use-cases/catalogue/replace-offering-products.js';
import { UpdateOfferingFeature } from '../../../src/application/use-cases/catalogue/update-offering-feature.js';
import { UpdateOfferingProduct } from '../../../src/application/use-cases/catalogue/update-offering-product.js';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import { FEATURES, type Feature } from '../../../src/domain/features/feature.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { aProduct, PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';
import { right, subscriptionCore } from '../../support/subscription-core.js';

const UNKNOWN = '11111111-1111-4111-8111-111111111111';
const featureBody = (attributes: object) => ({ type: 'subscription_offering_feature', attributes });
const SEATS = { name: 'Seats', configuration: { type: 'usage', tag: 'seats', label: 'Seats', default_value: 5 } };

const setup = async () => {
  const core = await subscriptionCore();
  const { state, clock, ids } = core;
  const offerings = new InMemoryOfferingRepository(state);
  const products = new InMemoryCatalogueRepository(state.products, state.offerings, (o) => o.products);
  const plans = new InMemoryCatalogueRepository(state.plans, state.offerings, (o) => o.plans);
  const features = new InMemoryStoreRecordRepository(state.features, FEATURES);
  const storeFeature = async (attributes: Feature['attributes']) => {
    const now = clock.now();
    const feature: Feature = { id: ids.uuid(), storeId: core.storeId, attributes, createdAt: now, updatedAt: now };
    await features.insert(feature, NO_EVENTS);
    return feature;
  };
  const build = new BuildOffering(offerings, products, plans, clock, ids, undefined, undefined, features);
  const offering = right(
    await build.execute(
      core.storeId,
      {
        name: 'Reading club',
        plans: [{ name: 'Gold', external_ref: 'gold' }],
        pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly' }],
      },
      '2025',
    ),
  );
  return {
    ...core,
    offerings,
    products,
    storeFeature,
    offering,
    build,
    create: new CreateOfferingFeature(offerings, clock, ids),
    attach: new AttachOfferingFeatures(offerings, features, clock, ids),
    list: new ListOfferingFeatures(offerings, core.stores),
    get: new GetOfferingFeature(offerings),
    update: new UpdateOfferingFeature(offerings, clock),
    remove: new DeleteOfferingFeature(offerings, clock),
    updateProduct: new UpdateOfferingProduct(offerings, clock),
    replaceProducts: new ReplaceOfferingProducts(offerings, products, clock, ids),
  };
};

describe('offering features: copies of store features or made inside, each change a new version', () => {
  it('makes, attaches once, lists and reads features, each write a new version of the offering', async () => {
    const ctx = await setup();
    const made = right(await ctx.create.execute(ctx.storeId, ctx.offering.id, featureBody(SEATS)));
    expect(made.originId).to.equal(undefined);
    const library = await ctx.storeFeature({
      name: 'Library',
      external_ref: 'lib',
      configuration: { type: 'access', tag: 'lib' },
    });
    const attached = right(await ctx.attach.execute(ctx.storeId, ctx.offering.id, { features: ['lib'] }));
    expect(attached.map((f) => f.originId)).to.deep.equal([undefined, library.id]);
    expect(right(await ctx.attach.execute(ctx.storeId, ctx.offering.id, { features: [library.id] }))).to.deep.equal(
      attached,
    );
    const stored = await ctx.offerings.findById(ctx.storeId, ctx.offering.id);
    expect(stored?.version, 'one version for the make, one for the attach, none for the repeat').to.equal(3);
    const page = right(await ctx.list.execute(ctx.storeId, ctx.offering.id, queryParams([['page[limit]', '1']])));
    expect(page.items).to.deep.equal([made]);
    expect(right(await ctx.get.execute(ctx.storeId, ctx.offering.id, attached[1]!.id))).to.deep.equal(attached[1]);
    expect(await ctx.get.execute(ctx.storeId, ctx.offering.id, library.id)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'subscription offering feature not found' }),
    );
  });

  it("changes the offering's copy only, and refuses a change its plans' configurations would not fit", async () => {
    const ctx = await setup();
    const library = await ctx.storeFeature({ name: 'Library', configuration: { type: 'access', tag: 'lib' } });
    const [copy] = right(await ctx.attach.execute(ctx.storeId, ctx.offering.id, { features: [library.id] }));
    const gold = ctx.offering.products[0]!;
    right(
      await ctx.updateProduct.execute(
        ctx.storeId,
        ctx.offering.id,
        gold.id,
        {
          type: 'subscription_offering_plan',
          attributes: { feature_configurations: { [copy!.id]: { type: 'access' } } },
        },
        '2025',
      ),
    );
    const renamed = right(
      await ctx.update.execute(
        ctx.storeId,
        ctx.offering.id,
        copy!.id,
        featureBody({ name: 'Library+', configuration: { type: 'access', tag: 'lib2' } }),
      ),
    );
    expect(renamed.attributes).to.deep.equal({ name: 'Library+', configuration: { type: 'access', tag: 'lib2' } });
    expect(library.attributes.name, 'the store feature stays').to.equal('Library');
    const before = await ctx.offerings.findById(ctx.storeId, ctx.offering.id);
    const refused = await ctx.update.execute(
      ctx.storeId,
      ctx.offering.id,
      copy!.id,
      featureBody({ configuration: { type: 'usage', tag: 'lib', label: 'Books', default_value: 1 } }),
    );
    expect(E.isLeft(refused) && refused.left).to.deep.include({ _tag: 'Conflict', code: 'in_use' });
    expect(await ctx.offerings.findById(ctx.storeId, ctx.offering.id), 'nothing stored').to.deep.equal(before);
    const invalid = await ctx.update.execute(ctx.storeId, ctx.offering.id, copy!.id, featureBody({ name: 'ab' }));
    expect(E.isLeft(invalid) && invalid.left._tag).to.equal('ValidationFailed');
  });

  it("removes a feature with its plans' configurations of it, in a new version; an unknown one is a 404", async () => {
    const ctx = await setup();
    const made = right(await ctx.create.execute(ctx.storeId, ctx.offering.id, featureBody(SEATS)));
    const gold = ctx.offering.products[0]!;
    right(
      await ctx.updateProduct.execute(
        ctx.storeId,
        ctx.offering.id,
        gold.id,
        {
          type: 'subscription_offering_plan',
          attributes: { feature_configurations: { [made.id]: { type: 'usage', default_value: 9 } } },
        },
        '2025',
      ),
    );
    right(await ctx.remove.execute(ctx.storeId, ctx.offering.id, made.id));
    const after = await ctx.offerings.findById(ctx.storeId, ctx.offering.id);
    expect(after?.features).to.deep.equal([]);
    expect(after?.products[0]?.attributes.feature_configurations).to.deep.equal({});
    expect(await ctx.remove.execute(ctx.storeId, ctx.offering.id, made.id)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'subscription offering feature not found' }),
    );
    expect(await ctx.remove.execute(ctx.storeId, UNKNOWN, made.id)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'subscription offering not found' }),
    );
  });

  it('refuses a feature whose external_ref another of the offering has, made or attached', async () => {
    const ctx = await setup();
    right(await ctx.create.execute(ctx.storeId, ctx.offering.id, featureBody({ ...SEATS, external_ref: 'seats' })));
    const again = await ctx.create.execute(
      ctx.storeId,
      ctx.offering.id,
      featureBody({ ...SEATS, external_ref: 'seats' }),
    );
    expect(E.isLeft(again) && again.left).to.deep.include({ _tag: 'Conflict', code: 'external_ref_taken' });
    const twin = await ctx.storeFeature({
      name: 'Twin',
      external_ref: 'seats',
      configuration: { type: 'access', tag: 'x' },
    });
    const attached = await ctx.attach.execute(ctx.storeId, ctx.offering.id, { features: [twin.id] });
    expect(E.isLeft(attached) && attached.left).to.deep.include({ _tag: 'Conflict', code: 'external_ref_taken' });
  });

  it('refuses a 2024 replace of products that configure features, and replaces those that configure none', async () => {
    const ctx = await setup();
    const original = aProduct(ctx.storeId, { name: 'Mug' });
    await ctx.products.insert(original, NO_EVENTS);
    const made = right(await ctx.create.execute(ctx.storeId, ctx.offering.id, featureBody(SEATS)));
    const gold = ctx.offering.products[0]!;
    const configure = (configurations: unknown) =>
      ctx.updateProduct.execute(
        ctx.storeId,
        ctx.offering.id,
        gold.id,
        { type: 'subscription_offering_plan', attributes: { feature_configurations: configurations } },
        '2025',
      );
    right(await configure({ [made.id]: { type: 'usage', default_value: 9 } }));
    const refused = await ctx.replaceProducts.execute(ctx.storeId, ctx.offering.id, { products: [original.id] });
    expect(E.isLeft(refused) && refused.left).to.deep.include({ _tag: 'Conflict', code: 'generation_mismatch' });
    right(await configure(null));
    const replaced = right(
      await ctx.replaceProducts.execute(ctx.storeId, ctx.offering.id, { products: [original.id] }),
    );
    expect(replaced.products.map((p) => p.originId)).to.deep.equal([original.id]);
  });
});
