// A fresh Session object creates its schema in one step (SESSION_BASELINE) instead of running every
// migration, and the tables few sessions write to on their first write (SESSION_ON_DEMAND_TABLES): both
// routes must leave the same schema once those exist, and an object an older deployment left behind still
// takes the migrations.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migrate, schemaVersion } from "../../src/lib/schema-migrations";
import { OnDemandTables } from "../../src/lib/on-demand-tables";
import { SESSION_BASELINE, SESSION_MIGRATIONS, SESSION_ON_DEMAND_TABLES, type SessionOnDemandTable } from "../../src/session/schema";
import { uniqueId } from "../support/worker-http";

/** Every table's and index's shape: columns (type, constraints, defaults, keys), index columns and uniqueness. */
function schemaOf(storage: DurableObjectStorage) {
  const sql = storage.sql;
  const objects = sql
    .exec<{ type: string; name: string; tbl_name: string }>(
      "SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY type, name",
    )
    .toArray();
  return objects.map((o) => ({
    ...o,
    shape:
      o.type === "table"
        ? sql.exec(`PRAGMA table_xinfo(${o.name})`).toArray()
        : {
            columns: sql.exec(`PRAGMA index_xinfo(${o.name})`).toArray(),
            list: sql
              .exec(`PRAGMA index_list(${o.tbl_name})`)
              .toArray()
              .find((i) => i.name === o.name),
          },
  }));
}

describe("the Session object's schema baseline", () => {
  it("creates exactly the schema the migrations arrive at, at their version", async () => {
    await runInDurableObject(env.SESSIONS.getByName(uniqueId("s")), async (_o, state) => {
      await state.storage.deleteAll();
      migrate(state.storage, SESSION_MIGRATIONS);
      const migrated = schemaOf(state.storage);

      await state.storage.deleteAll();
      // It says it laid the baseline (the session's stores then skip their first look-ups), once.
      expect(migrate(state.storage, SESSION_MIGRATIONS, SESSION_BASELINE)).toBe(true);
      expect(migrate(state.storage, SESSION_MIGRATIONS, SESSION_BASELINE)).toBe(false);
      expect(schemaVersion(state.storage)).toBe(SESSION_MIGRATIONS.length);
      // The tables created on first write are all that is missing; with them, the schemas are the same.
      // (sqlite_sequence comes with the first AUTOINCREMENT table, and compactions is the one left.)
      const onDemand = [...Object.keys(SESSION_ON_DEMAND_TABLES), "sqlite_sequence"];
      expect(schemaOf(state.storage)).toEqual(migrated.filter((o) => !onDemand.includes(o.tbl_name)));
      const tables = new OnDemandTables(state.storage.sql, SESSION_ON_DEMAND_TABLES);
      for (const name of Object.keys(SESSION_ON_DEMAND_TABLES) as SessionOnDemandTable[]) {
        expect(tables.has(name)).toBe(false);
        tables.ensure(name);
      }
      expect(schemaOf(state.storage)).toEqual(migrated);
      expect(migrated.filter((o) => o.type === "table").length).toBeGreaterThan(10);
    });
  });

  it("is not used for an object an older deployment left behind: its migrations run and its data stays", async () => {
    await runInDurableObject(env.SESSIONS.getByName(uniqueId("s")), async (_o, state) => {
      await state.storage.deleteAll();
      state.storage.sql.exec(`${SESSION_MIGRATIONS[0]}
INSERT INTO runs (id, status, input, options, created_at) VALUES ('run_old', 'completed', 'hi', '{}', '2026-01-01T00:00:00Z');`);
      expect(migrate(state.storage, SESSION_MIGRATIONS, SESSION_BASELINE)).toBe(false);
      expect(schemaVersion(state.storage)).toBe(SESSION_MIGRATIONS.length);
      expect(state.storage.sql.exec("SELECT id, resume FROM runs").toArray()).toEqual([{ id: "run_old", resume: 0 }]);
    });
  });
});
