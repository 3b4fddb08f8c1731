import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Offering } from '../../../../domain/catalogue/offering.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Subscription, SubscriptionStateRecord } from '../../../../domain/subscriptions/subscription.js';
import { bool } from '../billing/invoice-rows.js';
import { offeringFromJson } from '../catalogue/offering-json.js';
import type { SnapshotCache } from '../catalogue/snapshot-cache.js';
import { lookupKey, optionalLookupKey } from '../engine/lookup-key.js';
import type { SubscriptionStatesTable, SubscriptionsTable, Tables } from '../engine/schema.js';
import { parseJson, storedUuid } from '../sql/stored-json.js';
import { bodyFromJson, stateAction, stateBody, stateFlagsFromJson, subscriptionBody } from './subscription-json.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export const storedInvoiceAfter = (value: Date | null): Date => {
  if (value === null) throw new Error('stored subscription invoice_after is missing: run the migrations');
  return new Date(value);
};

/**
 * Every column a subscription is read from: all but its document, which only a list reads (1.5 KiB a row that
 * every other read would carry for nothing).
 */
export const SUBSCRIPTION_COLUMNS = [
  'id',
  'store_id',
  'account_id',
  'name',
  'name_key',
  'email',
  'email_key',
  'external_ref',
  'external_ref_key',
  'offering_id',
  'offering_version_id',
  'plan_id',
  'currency',
  'body',
  'created_at',
  'billable_from',
  'inactive',
  'invoice_after',
] as const satisfies readonly (keyof SubscriptionsTable)[];

/** The same columns of the subscriptions table under the name `as`. */
export const subscriptionColumnsOf = <A extends string>(as: A) =>
  SUBSCRIPTION_COLUMNS.map((column) => `${as}.${column}` as const);

export type SubscriptionRow = Omit<Selectable<SubscriptionsTable>, 'document'>;

export const subscriptionFromRow = (row: SubscriptionRow): Subscription => {
  const body = bodyFromJson(parseJson('subscription', row.body));
  // Built by assignment: a list page decodes 25 rows, and each conditional spread made an object to copy.
  const subscription: Mutable<Subscription> = {
    id: storedUuid('subscription id', row.id),
    storeId: storedUuid('subscription store', row.store_id),
    accountId: row.account_id,
    offeringId: storedUuid('subscription offering', row.offering_id),
    offeringVersionId: storedUuid('subscription offering version', row.offering_version_id),
    planId: storedUuid('subscription plan', row.plan_id),
    currency: row.currency,
    name: row.name,
    email: row.email,
    paymentAuthority: body.paymentAuthority,
    manualPayments: body.manualPayments,
    flags: body.flags,
    timestamps: { createdAt: row.created_at, ...body.timestamps },
    billingAnchor: body.billingAnchor,
    invoiceAfter: storedInvoiceAfter(row.invoice_after),
  };
  if (row.external_ref !== null) subscription.externalRef = row.external_ref;
  if (body.addressId !== undefined) subscription.addressId = body.addressId;
  if (body.productIds !== undefined) subscription.productIds = body.productIds;
  if (body.goLiveAfter !== undefined) subscription.goLiveAfter = body.goLiveAfter;
  if (row.billable_from !== null) subscription.billableFrom = new Date(row.billable_from);
  if (bool(row.inactive)) subscription.inactive = true;
  if (body.state !== undefined) subscription.state = body.state;
  if (body.pausedBy !== undefined) subscription.pausedBy = body.pausedBy;
  if (body.canceledBy !== undefined) subscription.canceledBy = body.canceledBy;
  if (body.planStartedAt !== undefined) subscription.planStartedAt = body.planStartedAt;
  if (body.prorations !== undefined) subscription.prorations = body.prorations;
  if (body.priceChanges !== undefined) subscription.priceChanges = body.priceChanges;
  return subscription;
};

/** The row of `s`, with `document`, its documents as `SubscriptionDocuments.render` made them of it. */
export const subscriptionToRow = (
  s: Subscription,
  document: string,
): Insertable<SubscriptionsTable> & { inactive: boolean } => ({
  id: s.id,
  store_id: s.storeId,
  account_id: s.accountId,
  name: s.name,
  name_key: lookupKey(s.name),
  email: s.email,
  email_key: lookupKey(s.email),
  external_ref: s.externalRef ?? null,
  external_ref_key: optionalLookupKey(s.externalRef),
  offering_id: s.offeringId,
  offering_version_id: s.offeringVersionId,
  plan_id: s.planId,
  currency: s.currency,
  body: subscriptionBody(s),
  document,
  created_at: s.timestamps.createdAt,
  billable_from: s.billableFrom ?? null,
  inactive: s.inactive === true,
  invoice_after: s.invoiceAfter,
});

/** The columns a change writes: identity, store, offering version and creation never change, the row keeps them. */
export const changedColumns = (s: Subscription, document: string) => {
  const {
    id: _id,
    store_id: _store,
    offering_id: _offering,
    offering_version_id: _version,
    created_at: _created,
    ...columns
  } = subscriptionToRow(s, document);
  return columns;
};

export const stateFromRow = (row: Selectable<SubscriptionStatesTable>): SubscriptionStateRecord => ({
  id: storedUuid('state id', row.id),
  subscriptionId: storedUuid('state subscription', row.subscription_id),
  action: stateAction(row.action),
  createdAt: row.created_at,
  ...stateFlagsFromJson(parseJson('state', row.body)),
});

/**
 * Adds a change to its subscription's history, in the next place. The caller holds the subscription's row
 * lock, so no other change of it can take the same place.
 */
export const appendState = async (trx: Transaction<Tables>, state: SubscriptionStateRecord): Promise<void> => {
  const { last } = await trx
    .selectFrom('subscription_states')
    .select((eb) => eb.fn.max('sequence').as('last'))
    .where('subscription_id', '=', state.subscriptionId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('subscription_states')
    .values({
      id: state.id,
      subscription_id: state.subscriptionId,
      sequence: Number(last ?? 0) + 1,
      action: state.action,
      body: stateBody(state),
      created_at: state.createdAt,
    })
    .execute();
};

/** The snapshots behind a set of subscriptions, each once: at most one query whatever the page. */
export const loadOfferings = async (
  db: Kysely<Tables>,
  cache: SnapshotCache,
  versionIds: readonly string[],
): Promise<Map<Uuid, Offering>> => {
  const found = new Map<Uuid, Offering>();
  const missing: Uuid[] = [];
  for (const versionId of new Set(versionIds)) {
    const id = storedUuid('offering version', versionId);
    const cached = cache.get(id);
    if (cached === undefined) missing.push(id);
    else found.set(id, cached);
  }
  if (missing.length === 0) return found;
  const rows = await db
    .selectFrom('subscription_offering_versions')
    .select(['id', 'snapshot'])
    .where('id', 'in', missing)
    .execute();
  for (const row of rows) {
    const id = storedUuid('offering version', row.id);
    const offering = offeringFromJson(parseJson('offering snapshot', row.snapshot));
    cache.set(id, offering);
    found.set(id, offering);
  }
  return found;
};

/** What a page's statement is made of; its values are bound per request, the rest is its shape. */
