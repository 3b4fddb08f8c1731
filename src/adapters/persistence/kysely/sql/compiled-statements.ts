import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';

/** A value's stand-in in a statement compiled for its shape: NUL-led, so no bound value is mistaken for one. */
const SLOT = '\u0000slot:';

/** Puts a stand-in in the place of a value that the statement binds. */
export type Slot = <T>(value: T) => T;

/**
 * Statements compiled once per shape and run with each request's values. Building and compiling a Kysely
 * query costs more than the rest of a list request's own work on a cached page, and the text of a list's
 * statement depends only on which filters, paging and counting it has, never on their values. `bind` puts
 * a stand-in in the place of every value of the input (through `slot`), which leaves its shape: the first
 * request of a shape builds the statement from that and keeps the compiled text, and every request binds
 * its own values in the stand-ins' places. The text is the dialect's own, so it holds on every backend. A
 * database with plugins (which may rewrite a query) builds and compiles every statement afresh.
 */
export class CompiledStatements<DB, I, R> {
  private readonly compiled = new LRUCache<string, CompiledQuery<R>>({ max: 500 });

  constructor(
    private readonly bind: (input: I, slot: Slot) => I,
    private readonly build: (db: Kysely<DB>, input: I) => Compilable<R>,
  ) {}

  async execute(db: Kysely<DB>, input: I): Promise<R[]> {
    if (db.getExecutor().plugins.length > 0) return (await db.executeQuery(this.build(db, input))).rows;
    const values: unknown[] = [];
    const shape = this.bind(input, <T>(value: T): T => {
      values.push(value);
      return `${SLOT}${values.length - 1}` as T;
    });
    const key = JSON.stringify(shape);
    let compiled = this.compiled.get(key);
    if (compiled === undefined) {
      compiled = this.build(db, shape).compile();
      this.compiled.set(key, compiled);
    }
    const parameters = compiled.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(SLOT) ? values[Number(p.slice(SLOT.length))] : p,
    );
    return (await db.executeQuery<R>({ ...compiled, parameters, queryId: createQueryId() })).rows;
  }
}
