import type { Container } from 'inversify';
import { JsonBytes } from '../../src/adapters/http/documents/json-bytes.js';
import { subscription2025Resource } from '../../src/adapters/http/subscriptions/subscription-2025-documents.js';
import { subscriptionResource } from '../../src/adapters/http/subscriptions/subscription-documents.js';
import { writeStoredSubscription } from '../../src/adapters/http/subscriptions/subscription-stored-document.js';
import { TOKENS } from '../../src/application/tokens.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { everyRow } from './list-queries.js';

/**
 * Where a store's stored subscription documents, as a list reads them at `now`, differ from the
 * subscriptions' resources made afresh from what is stored of them now, on either wire: undefined when
 * every one agrees. A document written with one change and missed by another differs here.
 */
export const staleDocument = async (container: Container, storeId: Uuid, now: Date): Promise<string | undefined> => {
  const repository = container.get(TOKENS.SubscriptionRepository);
  const page = await repository.listDocuments(storeId, everyRow());
  for (const listed of page.items) {
    const found = await repository.findById(storeId, listed.id);
    if (found === undefined) return `subscription ${listed.id} is listed but not found`;
    const { subscription, offering } = found;
    for (const [generation, resource] of [
      ['2024', subscriptionResource(subscription, offering, now)],
      ['2025', subscription2025Resource(subscription, offering, now)],
    ] as const) {
      const out = new JsonBytes();
      writeStoredSubscription(out, listed, offering, now, generation);
      const read = out.toBuffer().toString();
      const fresh = JSON.stringify(resource);
      if (read !== fresh)
        return `subscription ${listed.id} on the ${generation} wire: listed ${read}, made afresh ${fresh}`;
    }
  }
  return undefined;
};
