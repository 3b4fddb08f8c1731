import * as E from 'fp-ts/lib/Either.js';
import { NO_EVENTS } from '../../domain/events/domain-event.js';
import type { Page } from '../../domain/query/page.js';
import type { QueryParams } from '../../domain/query/query-params.js';
import {
  type ConflictCode,
  conflict,
  type DomainError,
  type Issues,
  notFound,
  validationFailed,
} from '../../domain/shared/errors.js';
import { applyChanges } from '../../domain/shared/record-parser.js';
import { parseUuid, type Uuid } from '../../domain/shared/uuid.js';
import type { StoreRecord, StoreRecordKind } from '../../domain/store-records/store-record.js';
import type { ObservedSubject } from '../ports/integrations/observed-payloads.js';
import type { StoreRecordRepository } from '../ports/store-record-repository.js';
import type { StoreRepository } from '../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../ports/system.js';
import { listPage } from './list-page.js';
import type { RecordBodies } from './record-use-cases.js';

/*
 * Proration policies, dunning rules and schedules follow the same rules; their attributes, exclusive value and
 * wording differ (`kind`). These are the use cases' bodies; each named use case class passes its own
 * repository, kind and the code of its conflict.
 */

type Result<A> = Promise<E.Either<DomainError, A>>;

/** The kind, and the code a record refused for its exclusive value answers with. */
export interface StoreRecordRules<A, C> {
  /** Its events, when integrations observe it: a kind without them fires nothing. */
  readonly kind: StoreRecordKind<A, C, ObservedSubject>;
  readonly takenCode: ConflictCode;
  /** A check the domain cannot make alone (a schedule's cron fields, read by the calendar port), on the record as it would be stored. */
  readonly check?: (attributes: A) => E.Either<Issues, A>;
}

const checked = <A, C>(rules: StoreRecordRules<A, C>, attributes: E.Either<Issues, A>): E.Either<Issues, A> =>
  rules.check === undefined ? attributes : E.flatMap(rules.check)(attributes);

export const createStoreRecord = async <A, C>(
  rules: StoreRecordRules<A, C>,
  records: StoreRecordRepository<A>,
  system: { readonly clock: Clock; readonly ids: IdGenerator },
  storeId: Uuid,
  data: unknown,
): Result<StoreRecord<A>> => {
  const { kind, takenCode } = rules;
  const attributes = checked(rules, kind.parseNew(data));
  if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
  const now = system.clock.now();
  const record: StoreRecord<A> = {
    id: system.ids.uuid(),
    storeId,
    attributes: attributes.right,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await records.insert(record, kind.events === undefined ? NO_EVENTS : [kind.events.created(record)]);
  return E.isLeft(inserted) ? E.left(conflict(kind.taken, takenCode)) : E.right(record);
};

export const getStoreRecord = async <A, C>(
  { kind }: StoreRecordRules<A, C>,
  records: StoreRecordRepository<A>,
  storeId: Uuid,
  id: string,
): Result<StoreRecord<A>> => {
  const recordId = parseUuid(id);
  const found = recordId === undefined ? undefined : await records.findById(storeId, recordId);
  return found === undefined ? E.left(notFound(kind.notFound)) : E.right(found);
};

export const listStoreRecords = <A, C>(
  { kind }: StoreRecordRules<A, C>,
  records: StoreRecordRepository<A>,
  stores: StoreRepository,
  storeId: Uuid,
  params: QueryParams,
): Result<Page<StoreRecord<A>>> =>
  listPage(stores, storeId, params, kind.list, (query) => records.list(storeId, query));

/** A partial update: fields left out keep their values, `null` clears an optional one; the result must satisfy the kind's whole-record rules. */
export const updateStoreRecord = async <A extends object, C extends object>(
  rules: StoreRecordRules<A, C>,
  records: StoreRecordRepository<A>,
  clock: Clock,
  storeId: Uuid,
  id: string,
  data: unknown,
): Result<StoreRecord<A>> => {
  const { kind, takenCode } = rules;
  const recordId = parseUuid(id);
  if (recordId === undefined) return E.left(notFound(kind.notFound));
  const changes = kind.parseChanges(data);
  if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
  const now = clock.now();
  const { events } = kind;
  const updated = await records.update(
    storeId,
    recordId,
    (current) =>
      E.bimap(validationFailed, (attributes: A) => ({ ...current, attributes, updatedAt: now }))(
        checked(rules, kind.whole(applyChanges(current.attributes, changes.right))),
      ),
    (record) => (events === undefined ? NO_EVENTS : [events.updated(record)]),
  );
  if (E.isRight(updated)) return updated;
  const refusal = updated.left;
  if (refusal._tag === 'Missing') return E.left(notFound(kind.notFound));
  if (refusal._tag === 'Taken') return E.left(conflict(kind.taken, takenCode));
  return E.left(refusal);
};

/** Refused while something refers to the record, as EPCC refuses a proration policy an offering uses. */
export const deleteStoreRecord = async <A, C>(
  { kind }: StoreRecordRules<A, C>,
  records: StoreRecordRepository<A>,
  storeId: Uuid,
  id: string,
): Result<void> => {
  const recordId = parseUuid(id);
  if (recordId === undefined) return E.left(notFound(kind.notFound));
  const deleted = await records.delete(
    storeId,
    recordId,
    kind.events === undefined ? NO_EVENTS : [kind.events.deleted(recordId)],
  );
  if (E.isRight(deleted)) return deleted;
  if (deleted.left._tag === 'Missing' || kind.inUse === undefined) return E.left(notFound(kind.notFound));
  return E.left(conflict(kind.inUse, 'in_use'));
};

/** The bodies of a store record kind's five use cases, for `recordUseCases`. */
export const storeRecordBodies = <A extends object, C extends object>(
  rules: StoreRecordRules<A, C>,
): RecordBodies<StoreRecord<A>, StoreRecordRepository<A>> => ({
  create: (records, system, storeId, data) => createStoreRecord(rules, records, system, storeId, data),
  get: (records, storeId, id) => getStoreRecord(rules, records, storeId, id),
  list: (records, stores, storeId, params) => listStoreRecords(rules, records, stores, storeId, params),
  update: (records, clock, storeId, id, data) => updateStoreRecord(rules, records, clock, storeId, id, data),
  delete: (records, storeId, id) => deleteStoreRecord(rules, records, storeId, id),
});
