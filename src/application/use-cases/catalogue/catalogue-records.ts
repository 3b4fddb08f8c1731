import * as E from 'fp-ts/lib/Either.js';
import { CATALOGUE_LIST } from '../../../domain/catalogue/catalogue-query.js';
import type { CatalogueKind, CatalogueRecord } from '../../../domain/catalogue/catalogue-record.js';
import { conflict, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid } from '../../../domain/shared/uuid.js';
import type { CatalogueRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { ObservedSubject } from '../../ports/integrations/observed-payloads.js';
import { listPage } from '../list-page.js';
import type { RecordBodies } from '../record-use-cases.js';

/**
 * The bodies of a catalogue kind's five use cases, for `recordUseCases`: products and plans follow the
 * same rules, only their attributes and wording differ (`kind`).
 */
export const catalogueRecordBodies = <A extends object, C extends object>(
  kind: CatalogueKind<A, C, ObservedSubject>,
): RecordBodies<CatalogueRecord<A>, CatalogueRepository<A>> => ({
  create: async (records, { clock, ids }, storeId, data) => {
    const attributes = kind.parseNew(data);
    if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
    const now = clock.now();
    const record: CatalogueRecord<A> = {
      id: ids.uuid(),
      storeId,
      attributes: attributes.right,
      createdAt: now,
      updatedAt: now,
    };
    await records.insert(record, [kind.events.created(record)]);
    return E.right(record);
  },

  get: async (records, storeId, id) => {
    const recordId = parseUuid(id);
    const found = recordId === undefined ? undefined : await records.findById(storeId, recordId);
    return found === undefined ? E.left(notFound(kind.notFound)) : E.right(found);
  },

  list: (records, stores, storeId, params) =>
    listPage(stores, storeId, params, CATALOGUE_LIST, (query) => records.list(storeId, query)),

  /** A partial update: fields left out keep their values; `null` clears an optional field. */
  update: async (records, clock, storeId, id, data) => {
    const recordId = parseUuid(id);
    if (recordId === undefined) return E.left(notFound(kind.notFound));
    const changes = kind.parseChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = clock.now();
    const updated = await records.update(
      storeId,
      recordId,
      (current) => ({ ...current, attributes: applyChanges(current.attributes, changes.right), updatedAt: now }),
      (record) => [kind.events.updated(record)],
    );
    return updated === undefined ? E.left(notFound(kind.notFound)) : E.right(updated);
  },

  /** Refused while an offering holds a copy, as in EPCC: detach it first. */
  delete: async (records, storeId, id) => {
    const recordId = parseUuid(id);
    if (recordId === undefined) return E.left(notFound(kind.notFound));
    const deleted = await records.delete(storeId, recordId, [kind.events.deleted(recordId)]);
    if (E.isRight(deleted)) return deleted;
    return E.left(deleted.left._tag === 'Missing' ? notFound(kind.notFound) : conflict(kind.inUse, 'in_use'));
  },
});
