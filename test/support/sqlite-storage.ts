// Durable Objects' SqlStorage over Node's own SQLite (node:sqlite), so a store written for an object
// (the learner's, with its real schema) runs in a Node test: exec() with bindings, and a cursor with
// toArray() and one().
import { DatabaseSync } from "node:sqlite";

type Row = Record<string, SqlStorageValue>;

export function nodeSqlStorage(): SqlStorage {
  const db = new DatabaseSync(":memory:");
  const exec = (query: string, ...bindings: unknown[]) => {
    // A script of several statements (a migration) runs whole; a single statement returns its rows.
    const rows = (
      bindings.length === 0 && query.trim().replace(/;\s*$/, "").includes(";") ? (db.exec(query), []) : db.prepare(query).all(...(bindings as never[]))
    ) as Row[];
    return {
      toArray: () => rows,
      one: () => {
        if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
        return rows[0]!;
      },
      [Symbol.iterator]: () => rows[Symbol.iterator](),
    };
  };
  return { exec } as unknown as SqlStorage;
}
