// A view of a Durable Object's SQLite that can be closed: once closed, every statement through it throws
// StorageClosed instead of running. A Durable Object that wipes its storage and lives on hands one view to
// everything of one life of that storage and closes it at the wipe, so work of the old life still under
// way (an awaited delivery, a run that outlived its delete) reads and writes nothing of the next life.

export class StorageClosed extends Error {
  constructor() {
    super("the storage this work used was wiped: it belongs to an earlier life of the object");
    this.name = "StorageClosed";
  }
}

/** For a catch: work that met a closed storage just stops; any other error goes on. */
export function unlessStorageClosed(e: unknown): void {
  if (!(e instanceof StorageClosed)) throw e;
}

export interface ClosableSql {
  readonly sql: SqlStorage;
  close(): void;
}

export function closableSql(sql: SqlStorage): ClosableSql {
  let closed = false;
  const view: SqlStorage = {
    exec<T extends Record<string, SqlStorageValue>>(query: string, ...bindings: unknown[]): SqlStorageCursor<T> {
      if (closed) throw new StorageClosed();
      return sql.exec<T>(query, ...bindings);
    },
    get databaseSize() {
      return sql.databaseSize;
    },
    Cursor: sql.Cursor,
    Statement: sql.Statement,
  };
  return {
    sql: view,
    close: () => {
      closed = true;
    },
  };
}
