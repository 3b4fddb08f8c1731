import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, type Newable, type ServiceIdentifier } from 'inversify';
import type { Page } from '../../domain/query/page.js';
import type { QueryParams } from '../../domain/query/query-params.js';
import type { DomainError } from '../../domain/shared/errors.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import type { StoreRepository } from '../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../ports/system.js';
import { TOKENS } from '../tokens.js';

type Result<A> = Promise<E.Either<DomainError, A>>;
type System = { readonly clock: Clock; readonly ids: IdGenerator };

/** What one kind of record does on create, read, list, update and delete, given its repository `P`. */
export interface RecordBodies<R, P> {
  readonly create: (records: P, system: System, storeId: Uuid, data: unknown) => Result<R>;
  readonly get: (records: P, storeId: Uuid, id: string) => Result<R>;
  readonly list: (records: P, stores: StoreRepository, storeId: Uuid, params: QueryParams) => Result<Page<R>>;
  readonly update: (records: P, clock: Clock, storeId: Uuid, id: string, data: unknown) => Result<R>;
  readonly delete: (records: P, storeId: Uuid, id: string) => Result<void>;
}

export interface CreateRecord<R> {
  execute(storeId: Uuid, data: unknown): Result<R>;
}
export interface GetRecord<R> {
  execute(storeId: Uuid, id: string): Result<R>;
}
export interface ListRecords<R> {
  execute(storeId: Uuid, params: QueryParams): Result<Page<R>>;
}
export interface UpdateRecord<R> {
  execute(storeId: Uuid, id: string, data: unknown): Result<R>;
}
export interface DeleteRecord {
  execute(storeId: Uuid, id: string): Result<void>;
}

/** One kind of record's five use case classes, as the container builds them and the HTTP adapter calls them. */
export interface RecordUseCaseClasses<R> {
  readonly Create: Newable<CreateRecord<R>>;
  readonly Get: Newable<GetRecord<R>>;
  readonly List: Newable<ListRecords<R>>;
  readonly Update: Newable<UpdateRecord<R>>;
  readonly Delete: Newable<DeleteRecord>;
}

/**
 * The five use cases of one kind of record a store keeps (subscribers, products, plans, proration policies,
 * dunning rules), made once per kind from its bodies and the token of its repository. Each class carries
 * inversify's metadata like any use case; each kind exports them under its own names.
 */
export const recordUseCases = <R, P>(
  bodies: RecordBodies<R, P>,
  repository: ServiceIdentifier<P>,
): RecordUseCaseClasses<R> => {
  @injectable()
  class Create implements CreateRecord<R> {
    constructor(
      @inject(repository) private readonly records: P,
      @inject(TOKENS.Clock) private readonly clock: Clock,
      @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    ) {}
    execute(storeId: Uuid, data: unknown): Result<R> {
      return bodies.create(this.records, { clock: this.clock, ids: this.ids }, storeId, data);
    }
  }

  @injectable()
  class Get implements GetRecord<R> {
    constructor(@inject(repository) private readonly records: P) {}
    execute(storeId: Uuid, id: string): Result<R> {
      return bodies.get(this.records, storeId, id);
    }
  }

  @injectable()
  class List implements ListRecords<R> {
    constructor(
      @inject(repository) private readonly records: P,
      @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    ) {}
    execute(storeId: Uuid, params: QueryParams): Result<Page<R>> {
      return bodies.list(this.records, this.stores, storeId, params);
    }
  }

  @injectable()
  class Update implements UpdateRecord<R> {
    constructor(
      @inject(repository) private readonly records: P,
      @inject(TOKENS.Clock) private readonly clock: Clock,
    ) {}
    execute(storeId: Uuid, id: string, data: unknown): Result<R> {
      return bodies.update(this.records, this.clock, storeId, id, data);
    }
  }

  @injectable()
  class Delete implements DeleteRecord {
    constructor(@inject(repository) private readonly records: P) {}
    execute(storeId: Uuid, id: string): Result<void> {
      return bodies.delete(this.records, storeId, id);
    }
  }

  return { Create, Get, List, Update, Delete };
};
