import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { typedAttributes } from '../catalogue/catalogue-fields.js';
import type { RecordEvents } from '../events/record-events.js';
import type { ListQuery, ListRules } from '../query/list-query.js';
import type { Issues } from '../shared/errors.js';
import { type Changes, type Created, type FieldSpec, parseChanges, parseCreated } from '../shared/record-parser.js';
import type { Uuid } from '../shared/uuid.js';
import type { Parsed } from '../shared/validation.js';

/** A record a store keeps of one kind (a proration policy, a dunning rule, a schedule), with its attributes. */
export interface StoreRecord<A> {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly attributes: A;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The one field a store record list may be filtered on, for the kinds whose exclusive value is their `external_ref`. */
export type StoreRecordFilterField = 'external_ref';

/** EPCC filters neither proration policies nor dunning rules, and no kind embeds anything: read a page at a time, newest first. */
export const STORE_RECORD_LIST: ListRules<StoreRecordFilterField> = { include: [] };
/** Schedules are filtered with `eq(external_ref,…)` (and `in`), answered from the same unique key that keeps the value exclusive. */
export const BY_EXTERNAL_REF_LIST: ListRules<StoreRecordFilterField> = {
  filter: { external_ref: ['eq', 'in'] },
  include: [],
};
export type StoreRecordQuery = ListQuery<StoreRecordFilterField>;

/**
 * What the use cases and storage need to know of one kind of store record: how it is read from requests
 * and from storage, the rule a whole record must satisfy after a partial update, the value no two of a
 * store's records may share, and the words of its refusals.
 */
export interface StoreRecordKind<A, C, S = unknown> {
  readonly type: string;
  readonly parseNew: (data: unknown) => Parsed<A>;
  readonly parseChanges: (data: unknown) => Parsed<C>;
  readonly fromStorage: (stored: unknown) => Parsed<A>;
  /** Rules that span fields, checked on the record as it would be after a create or an update. */
  readonly whole: (attributes: A) => E.Either<Issues, A>;
  /** The value at most one of a store's records may hold, if this record holds one. */
  readonly exclusiveValue: (attributes: A) => string | undefined;
  readonly notFound: string;
  /** Why a record whose exclusive value another record holds is refused. */
  readonly taken: string;
  /** Why a record others still refer to is not deleted; kinds nothing refers to have none. */
  readonly inUse?: string;
  /** What its list accepts; a filter on `external_ref` only for kinds whose exclusive value it is. */
  readonly list: ListRules<StoreRecordFilterField>;
  /** The events of its changes, for kinds integrations observe. */
  readonly events?: RecordEvents<StoreRecord<A>, S>;
}

/** Reads `{"type": ..., "attributes": {...}}` with the kind's field rules, then its whole-record rules. */
export const storeRecordParsers = <S extends Readonly<Record<string, FieldSpec<unknown>>>>(
  type: string,
  fields: S,
  storedName: string,
  whole: (attributes: Created<S>) => E.Either<Issues, Created<S>>,
) => ({
  type,
  parseNew: (data: unknown): Parsed<Created<S>> =>
    pipe(
      typedAttributes(data, type),
      E.flatMap((attributes) => parseCreated(fields, attributes, 'data.attributes')),
      E.flatMap(whole),
    ),
  parseChanges: (data: unknown): Parsed<Changes<S>> =>
    pipe(
      typedAttributes(data, type),
      E.flatMap((attributes) => parseChanges(fields, attributes, 'data.attributes')),
    ),
  fromStorage: (stored: unknown): Parsed<Created<S>> =>
    pipe(parseCreated(fields, stored, storedName), E.flatMap(whole)),
  whole,
});
