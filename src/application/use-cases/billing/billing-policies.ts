import * as E from 'fp-ts/lib/Either.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import {
  conflict,
  notFound,
  validationFailed,
  type ConflictCode,
  type DomainError,
  type Issues,
} from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { BillingPolicy, BillingPolicyKind } from '../../../domain/billing/billing-policy.js';
import type { BillingPolicyRepository } from '../../ports/billing/billing-policy-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { listPage } from '../list-page.js';

/*
 * Proration policies and dunning rules follow the same rules; their attributes, exclusive value and
 * wording differ (`kind`). These are the use cases' bodies; each named use case class passes its own
 * repository, kind and the code of its conflict.
 */

type Result<A> = Promise<E.Either<DomainError, A>>;

/** The kind, and the code a record refused for its exclusive value answers with. */
export interface BillingPolicyRules<A, C> {
  readonly kind: BillingPolicyKind<A, C>;
  readonly takenCode: ConflictCode;
  /** A check the domain cannot make alone (a schedule's cron fields, read by the calendar port), on the record as it would be stored. */
  readonly check?: (attributes: A) => E.Either<Issues, A>;
}

const checked = <A, C>(rules: BillingPolicyRules<A, C>, attributes: E.Either<Issues, A>): E.Either<Issues, A> =>
  rules.check === undefined ? attributes : E.flatMap(rules.check)(attributes);

export const createPolicy = async <A, C>(
  rules: BillingPolicyRules<A, C>,
  records: BillingPolicyRepository<A>,
  system: { readonly clock: Clock; readonly ids: IdGenerator },
  storeId: Uuid,
  data: unknown,
): Result<BillingPolicy<A>> => {
  const { kind, takenCode } = rules;
  const attributes = checked(rules, kind.parseNew(data));
  if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
  const now = system.clock.now();
  const record: BillingPolicy<A> = {
    id: system.ids.uuid(),
    storeId,
    attributes: attributes.right,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await records.insert(record);
  return E.isLeft(inserted) ? E.left(conflict(kind.taken, takenCode)) : E.right(record);
};

export const getPolicy = async <A, C>(
  { kind }: BillingPolicyRules<A, C>,
  records: BillingPolicyRepository<A>,
  storeId: Uuid,
  id: string,
): Result<BillingPolicy<A>> => {
  const recordId = parseUuid(id);
  const found = recordId === undefined ? undefined : await records.findById(storeId, recordId);
  return found === undefined ? E.left(notFound(kind.notFound)) : E.right(found);
};

export const listPolicies = <A, C>(
  { kind }: BillingPolicyRules<A, C>,
  records: BillingPolicyRepository<A>,
  stores: StoreRepository,
  storeId: Uuid,
  params: QueryParams,
): Result<Page<BillingPolicy<A>>> =>
  listPage(stores, storeId, params, kind.list, (query) => records.list(storeId, query));

/** A partial update: fields left out keep their values, `null` clears an optional one; the result must satisfy the kind's whole-record rules. */
export const updatePolicy = async <A extends object, C extends object>(
  rules: BillingPolicyRules<A, C>,
  records: BillingPolicyRepository<A>,
  clock: Clock,
  storeId: Uuid,
  id: string,
  data: unknown,
): Result<BillingPolicy<A>> => {
  const { kind, takenCode } = rules;
  const recordId = parseUuid(id);
  if (recordId === undefined) return E.left(notFound(kind.notFound));
  const changes = kind.parseChanges(data);
  if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
  const now = clock.now();
  const updated = await records.update(storeId, recordId, (current) =>
    E.bimap(validationFailed, (attributes: A) => ({ ...current, attributes, updatedAt: now }))(
      checked(rules, kind.whole(applyChanges(current.attributes, changes.right))),
    ),
  );
  if (E.isRight(updated)) return updated;
  const refusal = updated.left;
  if (refusal._tag === 'Missing') return E.left(notFound(kind.notFound));
  if (refusal._tag === 'Taken') return E.left(conflict(kind.taken, takenCode));
  return E.left(refusal);
};

/** Refused while something refers to the record, as EPCC refuses a proration policy an offering uses. */
export const deletePolicy = async <A, C>(
  { kind }: BillingPolicyRules<A, C>,
  records: BillingPolicyRepository<A>,
  storeId: Uuid,
  id: string,
): Result<void> => {
  const recordId = parseUuid(id);
  if (recordId === undefined) return E.left(notFound(kind.notFound));
  const deleted = await records.delete(storeId, recordId);
  if (E.isRight(deleted)) return deleted;
  if (deleted.left._tag === 'Missing' || kind.inUse === undefined) return E.left(notFound(kind.notFound));
  return E.left(conflict(kind.inUse, 'in_use'));
};
