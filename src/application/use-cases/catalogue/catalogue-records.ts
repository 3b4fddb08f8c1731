import * as E from 'fp-ts/lib/Either.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { conflict, notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { CATALOGUE_LIST } from '../../../domain/catalogue/catalogue-query.js';
import type { CatalogueKind, CatalogueRecord } from '../../../domain/catalogue/catalogue-record.js';
import type { Page } from '../../../domain/query/page.js';
import type { CatalogueRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { listPage } from '../list-page.js';
import type { RecordBodies } from '../record-use-cases.js';

/*
 * Products and plans follow the same rules; only their attributes and wording differ (`kind`). These are
 * the use cases' bodies; each named use case class passes its own repository and kind.
 */

type Result<A> = Promise<E.Either<DomainError, A>>;

export const createRecord = async <A extends object, C>(
  kind: CatalogueKind<A, C>,
  records: CatalogueRepository<A>,
  system: { readonly clock: Clock; readonly ids: IdGenerator },
  storeId: Uuid,
  data: unknown,
): Result<CatalogueRecord<A>> => {
  const attributes = kind.parseNew(data);
  if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
  const now = system.clock.now();
  const record: CatalogueRecord<A> = {
    id: system.ids.uuid(),
    storeId,
    attributes: attributes.right,
    createdAt: now,
    updatedAt: now,
  };
  await records.insert(record);
  return E.right(record);
};

export const getRecord = async <A, C>(
  kind: CatalogueKind<A, C>,
  records: CatalogueRepository<A>,
  storeId: Uuid,
  id: string,
): Result<CatalogueRecord<A>> => {
  const recordId = parseUuid(id);
  const found = recordId === undefined ? undefined : await records.findById(storeId, recordId);
  return found === undefined ? E.left(notFound(kind.notFound)) : E.right(found);
};

export const listRecords = <A>(
  records: CatalogueRepository<A>,
  stores: StoreRepository,
  storeId: Uuid,
  params: QueryParams,
): Result<Page<CatalogueRecord<A>>> =>
  listPage(stores, storeId, params, CATALOGUE_LIST, (query) => records.list(storeId, query));

/** A partial update: fields left out keep their values; `null` clears an optional field. */
export const updateRecord = async <A extends object, C extends object>(
  kind: CatalogueKind<A, C>,
  records: CatalogueRepository<A>,
  clock: Clock,
  storeId: Uuid,
  id: string,
  data: unknown,
): Result<CatalogueRecord<A>> => {
  const recordId = parseUuid(id);
  if (recordId === undefined) return E.left(notFound(kind.notFound));
  const changes = kind.parseChanges(data);
  if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
  const now = clock.now();
  const updated = await records.update(storeId, recordId, (current) => ({
    ...current,
    attributes: applyChanges(current.attributes, changes.right),
    updatedAt: now,
  }));
  return updated === undefined ? E.left(notFound(kind.notFound)) : E.right(updated);
};

/** Refused while an offering holds a copy, as in EPCC: detach it first. */
export const deleteRecord = async <A, C>(
  kind: CatalogueKind<A, C>,
  records: CatalogueRepository<A>,
  storeId: Uuid,
  id: string,
): Result<void> => {
  const recordId = parseUuid(id);
  if (recordId === undefined) return E.left(notFound(kind.notFound));
  const deleted = await records.delete(storeId, recordId);
  if (E.isRight(deleted)) return deleted;
  return E.left(deleted.left._tag === 'Missing' ? notFound(kind.notFound) : conflict(kind.inUse, 'in_use'));
};

/** The bodies of a catalogue kind's five use cases, for `recordUseCases`. */
export const catalogueRecordBodies = <A extends object, C extends object>(
  kind: CatalogueKind<A, C>,
): RecordBodies<CatalogueRecord<A>, CatalogueRepository<A>> => ({
  create: (records, system, storeId, data) => createRecord(kind, records, system, storeId, data),
  get: (records, storeId, id) => getRecord(kind, records, storeId, id),
  list: (records, stores, storeId, params) => listRecords(records, stores, storeId, params),
  update: (records, clock, storeId, id, data) => updateRecord(kind, records, clock, storeId, id, data),
  delete: (records, storeId, id) => deleteRecord(kind, records, storeId, id),
});
