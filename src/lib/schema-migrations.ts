// A Durable Object's storage schema as one ordered list of versioned migrations, applied by one runner.
// The object's version is a row of its `meta` table. A new object (or one whose storage was wiped) runs
// the whole list; an object an older deployment created runs the migrations after its version. Append to
// a list to change a schema; never edit a migration that has shipped. Objects from before versioning have
// no version row, so every list's migration 1 is written to run over whatever tables they already have
// (CREATE … IF NOT EXISTS, columns added only when missing).

/** SQL to run, or a step that needs code (a column added only when missing, key-value records rewritten). */
export type Migration = string | ((storage: DurableObjectStorage) => void);

const VERSION_KEY = "schema_version";

/** The version an object's storage is at: how many migrations of its list have run. */
export function schemaVersion(storage: DurableObjectStorage): number {
  storage.sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  return recordedVersion(storage);
}

/** The version the `meta` table records (0: none, an object from before versioning). */
function recordedVersion(storage: DurableObjectStorage): number {
  const row = storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", VERSION_KEY).toArray()[0];
  return row ? Number(row.value) : 0;
}

/**
 * Brings the object's storage to the latest version; each migration commits together with its version.
 * A `baseline` is the latest schema in one step: a fresh storage (no table yet) runs it instead of the
 * whole list, since every new object would otherwise pay for each migration on its first request. It
 * must create exactly what the list does (a test compares both routes' schemas). True when it laid the
 * baseline: the storage holds no row yet, which spares its first reader a few look-ups.
 */
export function migrate(storage: DurableObjectStorage, migrations: readonly Migration[], baseline?: string): boolean {
  // One look at the tables tells a new object (no table: the baseline at once) from one with a version to read.
  const tables = storage.sql
    .exec<{ tables: number; meta: number }>(
      "SELECT COUNT(*) AS tables, COALESCE(SUM(name = 'meta'), 0) AS meta FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
    )
    .one();
  if (tables.tables === 0 && baseline) {
    storage.transactionSync(() => {
      storage.sql.exec(baseline);
      setVersion(storage, migrations.length);
    });
    return true;
  }
  let version = tables.meta ? recordedVersion(storage) : schemaVersion(storage);
  for (; version < migrations.length; version++) {
    const migration = migrations[version]!;
    storage.transactionSync(() => {
      if (typeof migration === "string") storage.sql.exec(migration);
      else migration(storage);
      setVersion(storage, version + 1);
    });
  }
  return false;
}

function setVersion(storage: DurableObjectStorage, version: number): void {
  storage.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", VERSION_KEY, String(version));
}

/** Adds a column unless the table has it already (for migration 1 over tables from before versioning). */
export function addColumnIfMissing(storage: DurableObjectStorage, table: string, column: string, definition: string): void {
  const columns = storage.sql
    .exec<{ name: string }>(`PRAGMA table_info(${table})`)
    .toArray()
    .map((c) => c.name);
  if (!columns.includes(column)) storage.sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
}
