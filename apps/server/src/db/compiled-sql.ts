import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './transaction.ts';

// Statements whose SQL text is built once per shape (issue 17). Building a statement from drizzle's `sql` fragments
// and turning it into text costs tens of microseconds of CPU per request, more than a keyset page costs the
// database to plan. A hot read instead describes its statement by a shape (everything the text depends on: the
// conditions present, the sort, the direction) and its values (everything bound). The text is built from the shape
// alone, with a named placeholder for each value, the first time the shape is seen; every run binds the values.
// The builder sees only the shape, so a text can never depend on something the shape leaves out.
//
// The statements stay unnamed (parsed and planned on every run, as before): a keyset page's plan depends on its
// values (a unit's size, a filter's selectivity), which a generic plan would not see.

const dialect = new PgDialect();

/** A named placeholder: its value comes from the values a run binds. */
export const bound = (name: string): Placeholder => sql.placeholder(name);

export class CompiledQueries<Shape> {
  private readonly texts = new Map<string, Query>();

  /**
   * @param build the statement of a shape, with `bound(name)` for each value
   * @param maxShapes how many texts are kept (the least recently built goes first)
   */
  constructor(
    private readonly build: (shape: Shape) => SQL,
    private readonly maxShapes = 2_000,
  ) {}

  get size(): number {
    return this.texts.size;
  }

  /**
   * The statement's text and parameters (placeholders among them) for `shape`, built on its first use. Shapes are
   * told apart by their JSON, so make each kind of shape in one place (its properties always in the same order).
   */
  query(shape: Shape): Query {
    const key = JSON.stringify(shape);
    let query = this.texts.get(key);
    if (!query) {
      query = dialect.sqlToQuery(this.build(shape));
      if (this.texts.size >= this.maxShapes) {
        const oldest = this.texts.keys().next();
        if (!oldest.done) this.texts.delete(oldest.value);
      }
      this.texts.set(key, query);
    }
    return query;
  }

  /** The rows of `shape`'s statement with `values` bound, on PGlite and node-postgres alike (and in a transaction). */
  async rows<T>(db: Executor, shape: Shape, values: Record<string, unknown>): Promise<T[]> {
    const session = (db as unknown as { session: PgSession }).session;
    const prepared = session.prepareQuery(this.query(shape), undefined, undefined, false);
    const result = (await prepared.execute(values)) as { rows: T[] };
    return result.rows;
  }
}
