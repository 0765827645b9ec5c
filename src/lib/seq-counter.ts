// The seqs of a table's rows (a session's messages and trace events), given out here rather than by SQLite. Without
// AUTOINCREMENT, SQLite would give a deleted newest row's seq again (a client paging or following a stream
// by seq would skip what came next); with it, every insert also reads and writes sqlite_sequence, about
// 1.7 % of a run's CPU (BENCHMARKS.md, issue 29). So the count starts from the table's MAX(seq) and a
// high-water mark in `meta`, which is written only when rows are about to be deleted (a run deleted): the
// one time MAX(seq) could fall back.

export class SeqCounter {
  /** The seq the next row gets; looked up on the first take of this counter's life. */
  private next: number | undefined;

  /**
   * `table`: its key column is `seq`, and the storage has a `meta (key, value)` table, where the mark is
   * `<table>_seq`. Only this counter's owner inserts into it. `fresh`: the storage's schema was just laid,
   * so no row has had a seq yet.
   */
  constructor(
    private readonly sql: SqlStorage,
    private readonly table: string,
    fresh = false,
  ) {
    if (fresh) this.next = 1;
  }

  take(): number {
    this.next ??= this.highWater() + 1;
    return this.next++;
  }

  /** Call before deleting rows that may be the newest: keeps the mark MAX(seq) would lose. */
  keepHighWater(): void {
    this.sql.exec(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      `${this.table}_seq`,
      String(this.next === undefined ? this.highWater() : this.next - 1),
    );
  }

  /** The highest seq given so far: the table's newest row's, or the mark kept before the newest were deleted. */
  private highWater(): number {
    return this.sql
      .exec<{ seq: number }>(
        `SELECT MAX(IFNULL((SELECT MAX(seq) FROM ${this.table}), 0), IFNULL((SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?), 0)) AS seq`,
        `${this.table}_seq`,
      )
      .one().seq;
  }
}
