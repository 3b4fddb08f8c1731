import 'reflect-metadata';
import * as E from 'fp-ts/lib/Either.js';
import {
  BuildOffering,
  buildContainer,
  CreateStore,
  CreateSubscription,
  CreateSubscriptionPlan,
  CreateSubscriptionProduct,
  type Job,
  ListInvoices,
  queryParams,
  RunBilling,
} from '../src/index.js';

const core = buildContainer({ kind: 'memory' });
const ok = <A>(result: E.Either<unknown, A>): A => {
  if (E.isLeft(result)) throw new Error(JSON.stringify(result.left));
  return result.right;
};
const storeId = ok(await core.get(CreateStore).execute('Coffee club')).store.id;

// The catalogue and one subscription, made live: its first invoice is made with it.
const beans = ok(
  await core.get(CreateSubscriptionProduct).execute(storeId, {
    type: 'subscription_product',
    attributes: { name: 'Beans', price: { USD: { amount: 1250, includes_tax: true } } },
  }),
);
const weekly = ok(
  await core.get(CreateSubscriptionPlan).execute(storeId, {
    type: 'subscription_plan',
    attributes: {
      name: 'Weekly',
      billing_interval_type: 'week',
      billing_frequency: 1,
      plan_length: 52,
      end_behavior: 'roll',
      can_pause: true,
      can_resume: true,
      can_cancel: true,
    },
  }),
);
const offering = ok(
  await core.get(BuildOffering).execute(storeId, { name: 'Club', products: [beans.id], plans: [weekly.id] }),
);
const account = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';
const payment = { type: 'elastic_path_payments_stripe' };
const subscription = {
  account_id: account,
  offering_id: offering.id,
  plan_id: offering.plans[0]!.id,
  currency: 'USD',
  name: 'Ada',
  email: 'ada@example.com',
  payment_authority: payment,
};
ok(await core.get(CreateSubscription).execute(storeId, subscription));

// A billing run a week later, as the job machinery would start it: it invoices the second week.
const weekLater = new Date(Date.now() + 7 * 86_400_000);
const job: Job = {
  id: '5f0c3a1e-8b2d-4c6f-9e7a-1d3b5c7e9f20' as Job['id'],
  storeId,
  jobType: 'billing-run',
  status: 'started',
  createdAt: weekLater,
  updatedAt: weekLater,
  startedAt: weekLater,
};
const report = ok(await core.get(RunBilling).run({ job, startedAt: weekLater, heartbeat: async () => undefined }));
console.log('billing run:', report['invoices_ready_for_payment'], 'invoice ready for payment');

const invoices = ok(await core.get(ListInvoices).execute(storeId, queryParams([['filter', 'eq(outstanding,true)']])));
console.log(
  'outstanding:',
  invoices.items.map((invoice) => `#${invoice.number} ${invoice.amount} ${invoice.currency}`).join(', '),
);
