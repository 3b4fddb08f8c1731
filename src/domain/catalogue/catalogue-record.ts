import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { RecordEvents } from '../events/record-events.js';
import { type Changes, type Created, type FieldSpec, parseChanges, parseCreated } from '../shared/record-parser.js';
import type { Uuid } from '../shared/uuid.js';
import type { Parsed } from '../shared/validation.js';
import { typedAttributes } from './catalogue-fields.js';

/** A product or plan of a store's catalogue: the original that offerings copy. */
export interface CatalogueRecord<A> {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly attributes: A;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** How one kind of typed resource (`{"type": ..., "attributes": {...}}`) is read from requests and from storage. */
export interface AttributeRules<A, C> {
  readonly type: string;
  readonly parseNew: (data: unknown) => Parsed<A>;
  readonly parseChanges: (data: unknown) => Parsed<C>;
  /** The same rules on stored data, so that drifted rows fail loudly. */
  readonly fromStorage: (stored: unknown) => Parsed<A>;
}

export const attributeRules = <S extends Readonly<Record<string, FieldSpec<unknown>>>>(
  type: string,
  fields: S,
  storedName: string,
): AttributeRules<Created<S>, Changes<S>> => ({
  type,
  parseNew: (data) =>
    pipe(
      typedAttributes(data, type),
      E.flatMap((attributes) => parseCreated(fields, attributes, 'data.attributes')),
    ),
  parseChanges: (data) =>
    pipe(
      typedAttributes(data, type),
      E.flatMap((attributes) => parseChanges(fields, attributes, 'data.attributes')),
    ),
  fromStorage: (stored) => parseCreated(fields, stored, storedName),
});

/** What the catalogue use cases and storage need to know of products or plans, the events of their changes included. */
export interface CatalogueKind<A, C, S = unknown> extends AttributeRules<A, C> {
  readonly notFound: string;
  readonly inUse: string;
  readonly events: RecordEvents<CatalogueRecord<A>, S>;
}
