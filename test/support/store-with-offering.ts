import type { Offering } from '../../src/domain/catalogue/offering.js';
import { NO_EVENTS } from '../../src/domain/events/domain-event.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import type { Store } from '../../src/domain/stores/store.js';
import { aStore, storeRecords } from './builders.js';
import type { portsOf } from './ports.js';
import { anOffering, aPlan, aProduct } from './subscription-builders.js';

/** A store on `ports` selling one product under one plan in one offering, its version snapshotted for subscriptions. */
export const aStoreWithAnOffering = async (
  ports: ReturnType<typeof portsOf>,
): Promise<{ readonly store: Store; readonly offering: Offering; readonly versionId: Uuid }> => {
  const store = aStore();
  await ports.stores.create(storeRecords(store));
  const [product, plan] = [aProduct(store.id), aPlan(store.id)];
  await ports.products.insert(product, NO_EVENTS);
  await ports.plans.insert(plan, NO_EVENTS);
  const offering = anOffering(store.id, [product], [plan]);
  await ports.offerings.insert(offering, NO_EVENTS);
  return { store, offering, versionId: await ports.subscriptions.snapshotOffering(offering) };
};
