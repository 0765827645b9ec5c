// Tables a Durable Object creates on their first write instead of with the rest of its schema. Most
// sessions never store a long message in chunks, keep a cut tool output, compact, remember a permission
// choice or see an Idempotency-Key, and every table a new object creates costs its first request CPU
// (0.02–0.06 ms a table in workerd: BENCHMARKS.md, issue 29). A read of a table not created yet finds
// nothing; a write creates it first. Each table belongs to one instance of this class, the only one that
// asks about it or creates it (a table several stores share is asked about through one instance they
// share), so what it has learnt of its tables stays true for the storage's life.

/** What a store that shares some of an instance's tables is given: the instance, seen through its tables' names. */
export type SharedTables<Name extends string> = Pick<OnDemandTables<Name>, "has" | "rows" | "change" | "insert">;

export class OnDemandTables<Name extends string> {
  /** What is known of each table: looked up once, then kept (only this instance creates it, and tables go only with the whole storage). */
  private readonly exists = new Map<Name, boolean>();

  /** `ddl`: each table's CREATE TABLE IF NOT EXISTS (and its indexes), run by the first write; `fresh`: the baseline was just laid, so none exists. */
  constructor(
    private readonly sql: SqlStorage,
    private readonly ddl: Readonly<Record<Name, string>>,
    fresh = false,
  ) {
    if (fresh) for (const name of Object.keys(ddl) as Name[]) this.exists.set(name, false);
  }

  /** Whether the table exists (an object an older deployment created has them all). */
  has(name: Name): boolean {
    let known = this.exists.get(name);
    if (known === undefined) {
      known = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray().length > 0;
      this.exists.set(name, known);
    }
    return known;
  }

  /** Creates the table unless it exists: call before writing to it. */
  ensure(name: Name): void {
    if (this.has(name)) return;
    this.sql.exec(this.ddl[name]);
    this.exists.set(name, true);
  }

  /** The rows `query` reads from the table: none while it does not exist. */
  rows<T extends Record<string, SqlStorageValue>>(name: Name, query: string, ...bindings: unknown[]): T[] {
    return this.has(name) ? this.sql.exec<T>(query, ...bindings).toArray() : [];
  }

  /** How many rows `query` (an UPDATE or DELETE of the table) changed: none while it does not exist. */
  change(name: Name, query: string, ...bindings: unknown[]): number {
    return this.has(name) ? this.sql.exec(query, ...bindings).rowsWritten : 0;
  }

  /** Runs `query` (an INSERT into the table), creating the table first. */
  insert(name: Name, query: string, ...bindings: unknown[]): void {
    this.ensure(name);
    this.sql.exec(query, ...bindings);
  }
}
