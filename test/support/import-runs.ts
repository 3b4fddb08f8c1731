import type { Container } from 'inversify';
import { TOKENS } from '../../src/application/tokens.js';
import { RunImport } from '../../src/application/use-cases/imports/run-import.js';
import { RunLane } from '../../src/application/use-cases/jobs/run-lane.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { planData, productData } from './subscription-core.js';
import { jsonBody, type TestApi } from './test-api.js';

/**
 * Runs an import as the service's worker would: the store's `import` lane is run, so the job is claimed,
 * run by its handler and finished with the handler's report. An import whose job has already finished is
 * run by its handler again, as a worker taking over an interrupted run would.
 */
export const runImportJob = async (
  api: { readonly container: Container; readonly store: { readonly store: { readonly id: Uuid } } },
  importId: string,
): Promise<void> => {
  const storeId = api.store.store.id;
  const ran = await api.container.get(RunLane).execute({ storeId, lane: 'import' });
  if (ran.some((result) => result.job.id === importId)) return;
  const job = await api.container.get(TOKENS.JobRepository).findById(storeId, importId as Uuid);
  if (job === undefined) throw new Error(`no import ${importId}`);
  await api.container.get(RunImport).run({ job, startedAt: new Date(), heartbeat: async () => undefined });
};

/** An offering of one product and one plan, built over HTTP as a merchant would, and the ids import lines name. */
export const buildClubOffering = async (
  api: TestApi,
): Promise<{ offeringId: string; planId: string; productId: string }> => {
  const product = (await (
    await api.request('/v2/subscriptions/products', jsonBody({ data: productData() }))
  ).json()) as { data: { id: string } };
  const plan = (await (await api.request('/v2/subscriptions/plans', jsonBody({ data: planData() }))).json()) as {
    data: { id: string };
  };
  const offering = (await (
    await api.request(
      '/v2/subscriptions/offerings/build',
      jsonBody({ data: { name: 'Club', products: [product.data.id], plans: [plan.data.id] } }),
    )
  ).json()) as {
    data: { id: string; relationships: { plans: { data: { id: string }[] } } };
  };
  return {
    offeringId: offering.data.id,
    planId: offering.data.relationships.plans.data[0]!.id,
    productId: product.data.id,
  };
};
