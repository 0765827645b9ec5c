// Every Durable Object's storage is one versioned migration list (src/lib/schema-migrations.ts). An
// object an older deployment left behind (tables from before versioning, or an older recorded version)
// is brought to the latest version by its next instance, and keeps its data; a migration that fails
// leaves the version where it was.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { userMessage } from "../../src/agent/messages";
import type { ChatMessage } from "../../src/platforms/registry";
import { CHAT_MIGRATIONS } from "../../src/channels/chat-schema";
import { ChatStore } from "../../src/channels/chat-store";
import { COURSE_MIGRATIONS } from "../../src/courses/course-schema";
import { CourseStore } from "../../src/courses/course-store";
import { LEARNER_MIGRATIONS } from "../../src/learning/learner-schema";
import { LearnerStore } from "../../src/learning/learner-store";
import { OnDemandTables } from "../../src/lib/on-demand-tables";
import { migrate, schemaVersion, type Migration } from "../../src/lib/schema-migrations";
import { MCP_SESSION_MIGRATIONS } from "../../src/mcp-server/mcp-session-schema";
import { SqlEventStore } from "../../src/mcp-server/event-store";
import { MCP_OAUTH_MIGRATIONS } from "../../src/mcp/oauth/oauth-schema";
import { ApprovalStore } from "../../src/session/interactions/approval-store";
import { usageByModel } from "../../src/session/runs/run-views";
import { SESSION_MIGRATIONS, SESSION_ON_DEMAND_TABLES } from "../../src/session/schema";
import { SessionStore } from "../../src/session/session-store";
import { uniqueId } from "../support/worker-http";

/** Empties the object's storage, then lays down what an older deployment wrote. */
async function asOlderDeployment(storage: DurableObjectStorage, sql: string): Promise<void> {
  await storage.deleteAll();
  storage.sql.exec(sql);
}

const tables = (storage: DurableObjectStorage) =>
  storage.sql
    .exec<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name != 'sqlite_sequence' ORDER BY name",
    )
    .toArray()
    .map((t) => t.name);

describe("versioned schema migrations", () => {
  it("upgrades a Session object from before versioning: runs, messages, approvals and remembered rules survive in their new shape", async () => {
    await runInDurableObject(env.SESSIONS.getByName(uniqueId("s")), async (_o, state) => {
      const message = userMessage("What is a vector?");
      await asOlderDeployment(
        state.storage,
        `${SESSION_MIGRATIONS[0]}
INSERT INTO meta (key, value) VALUES ('created_at', '2026-01-01T00:00:00Z'), ('id', 'old'), ('permission_rules', '[{"tool":"save_document","action":"allow"}]');
INSERT INTO runs (id, status, input, options, created_at) VALUES ('run_queued', 'running', 'hi', '{}', '2026-01-01T00:00:00Z');
INSERT INTO runs (id, status, input, options, created_at, started_at) VALUES ('run_paused', 'running', 'go', '{}', '2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z');
INSERT INTO approvals (id, run_id, call_id, name, args, status, created_at, expires_at) VALUES ('appr_1', 'run_paused', 'call_1', 'save_document', '{}', 'approved', '2026-01-01T00:00:01Z', 0);
INSERT INTO messages (id, run_id, role, created_at, chunks, body) VALUES ('${message.id}', 'run_queued', 'user', '${message.createdAt}', 0, '${JSON.stringify(message)}');`,
      );
      expect(schemaVersion(state.storage)).toBe(0);

      migrate(state.storage, SESSION_MIGRATIONS);

      expect(schemaVersion(state.storage)).toBe(SESSION_MIGRATIONS.length);
      const store = new SessionStore(state.storage.sql);
      expect(store.getMeta("id")).toBe("old");
      expect(store.runs.get("run_queued")?.status).toBe("queued");
      expect(store.runs.get("run_paused")).toMatchObject({ status: "running", resume: true });
      expect(store.messages().map((m) => m.content)).toEqual(["What is a vector?"]);
      expect(new ApprovalStore(state.storage.sql, new OnDemandTables(state.storage.sql, SESSION_ON_DEMAND_TABLES)).sessionRules()).toEqual([
        { tool: "save_document", action: "allow" },
      ]);
      expect(tables(state.storage)).toEqual(expect.arrayContaining(["idempotency_keys", "webhook_outbox"]));
      expect(tables(state.storage)).not.toContain("retried_runs");
    });
  });

  it("runs only the migrations after an object's recorded version", async () => {
    await runInDurableObject(env.SESSIONS.getByName(uniqueId("s")), async (_o, state) => {
      await asOlderDeployment(
        state.storage,
        `${SESSION_MIGRATIONS.slice(0, 3).join("\n")}
INSERT INTO meta (key, value) VALUES ('schema_version', '3');
INSERT INTO runs (id, status, input, options, created_at) VALUES ('run_1', 'completed', 'hi', '{}', '2026-01-01T00:00:00Z'), ('run_2', 'completed', 'hey', '{}', '2026-01-01T00:00:01Z');
INSERT INTO model_usage (run_id, model, prompt, completion, total) VALUES ('run_1', 'gpt', 10, 5, 15), ('run_1', 'mini', 2, 1, 3), ('run_2', 'gpt', 1, 1, 2);`,
      );
      migrate(state.storage, SESSION_MIGRATIONS);
      expect(schemaVersion(state.storage)).toBe(SESSION_MIGRATIONS.length);
      // Each run's usage by model moved into its row (migration 9), and the session's sum is what it was.
      const runs = new SessionStore(state.storage.sql).runs;
      expect(runs.get("run_1")?.usageByModel).toEqual({
        gpt: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
        mini: { promptTokens: 2, completionTokens: 1, totalTokens: 3 },
      });
      expect(usageByModel(runs.all())).toEqual({
        gpt: { promptTokens: 11, completionTokens: 6, totalTokens: 17 },
        mini: { promptTokens: 2, completionTokens: 1, totalTokens: 3 },
      });
      expect(tables(state.storage)).not.toContain("model_usage");
      expect(tables(state.storage)).toContain("webhook_outbox");
    });
  });

  it("moves messages and events off AUTOINCREMENT and meta to WITHOUT ROWID with their rows, and no seq is given again", async () => {
    await runInDurableObject(env.SESSIONS.getByName(uniqueId("s")), async (_o, state) => {
      const message = userMessage("What is a vector?");
      await asOlderDeployment(
        state.storage,
        `${SESSION_MIGRATIONS.slice(0, 9).join("\n")}
INSERT INTO meta (key, value) VALUES ('schema_version', '9'), ('id', 'old');
INSERT INTO runs (id, status, input, options, created_at) VALUES ('run_1', 'completed', 'hi', '{}', '2026-01-01T00:00:00Z');
INSERT INTO messages (id, run_id, role, created_at, chunks, body) VALUES ('${message.id}', 'run_1', 'user', '${message.createdAt}', 0, '${JSON.stringify(message)}'), ('msg_gone', 'run_2', 'user', '${message.createdAt}', 0, '{}');
INSERT INTO events (at, run_id, type, data, event_id) VALUES ('2026-01-01T00:00:00Z', 'run_1', 'run.started', '{"type":"run.started","runId":"run_1"}', 'evt_1'), ('2026-01-01T00:00:01Z', 'run_2', 'run.started', '{}', 'evt_2'), ('2026-01-01T00:00:02Z', 'run_2', 'run.started', '{}', 'evt_3');
DELETE FROM messages WHERE run_id = 'run_2';
DELETE FROM events WHERE run_id = 'run_2';`,
      );
      migrate(state.storage, SESSION_MIGRATIONS);
      expect(schemaVersion(state.storage)).toBe(SESSION_MIGRATIONS.length);
      const ddl = state.storage.sql.exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name IN ('messages', 'events')").toArray();
      expect(ddl).toHaveLength(2);
      for (const { sql } of ddl) expect(sql).not.toMatch(/AUTOINCREMENT/i);
      // meta is one B-tree now, with its rows.
      expect(state.storage.sql.exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'meta'").one().sql).toMatch(/WITHOUT ROWID/);
      const store = new SessionStore(state.storage.sql);
      expect(store.getMeta("id")).toBe("old");
      expect(store.messages().map((m) => [m.seq, m.content])).toEqual([[1, "What is a vector?"]]);
      expect(store.trace.read({}).map((r) => [r.seq, r.id, r.event])).toEqual([[1, "evt_1", { type: "run.started", runId: "run_1" }]]);
      // The deleted newest rows' seqs (2; 2 and 3) stay given.
      store.appendMessage(userMessage("And a matrix?"), "run_1");
      expect(store.messages().map((m) => m.seq)).toEqual([1, 3]);
      expect(store.trace.append("run_1", { type: "run.started", runId: "run_1" }).seq).toBe(4);
    });
  });

  it("upgrades a Chat object from before versioning and keeps its deliveries and state", async () => {
    await runInDurableObject(env.CHATS.getByName(uniqueId("chat")), async (_o, state) => {
      const message: ChatMessage = { platform: "telegram", chatId: 1, text: "hello" };
      await asOlderDeployment(
        state.storage,
        `${CHAT_MIGRATIONS[0]}
INSERT INTO meta (key, value) VALUES ('current_session', 'sess_1');
INSERT INTO jobs (delivery_id, message, received_at) VALUES ('update-1', '${JSON.stringify(message)}', '${new Date().toISOString()}');`,
      );
      migrate(state.storage, CHAT_MIGRATIONS);
      expect(schemaVersion(state.storage)).toBe(CHAT_MIGRATIONS.length);
      const store = new ChatStore(state.storage.sql);
      expect(store.unfinished().map((j) => [j.deliveryId, j.message])).toEqual([["update-1", message]]);
      expect(store.insert("update-1", message)).toBeUndefined();
      expect(state.storage.sql.exec("SELECT value FROM meta WHERE key = 'current_session'").one().value).toBe("sess_1");
    });
  });

  it("upgrades a course registry from before tenants and the due index: its courses stay, the admin's and due now", async () => {
    await runInDurableObject(env.COURSES.getByName(uniqueId("courses")), async (_o, state) => {
      await asOlderDeployment(
        state.storage,
        `CREATE TABLE courses (id TEXT PRIMARY KEY, topic TEXT NOT NULL, level TEXT, cron TEXT NOT NULL, deliver TEXT NOT NULL, created_at TEXT NOT NULL, syllabus TEXT, syllabus_run_id TEXT, last_error TEXT);
INSERT INTO courses (id, topic, cron, deliver, created_at, syllabus) VALUES ('course_1', 'Vectors', '0 9 * * *', '{}', '2026-01-01T00:00:00Z', '["One","Two"]');`,
      );
      migrate(state.storage, COURSE_MIGRATIONS);
      expect(schemaVersion(state.storage)).toBe(COURSE_MIGRATIONS.length);
      const store = new CourseStore(state.storage.sql, (fn) => state.storage.transactionSync(fn));
      expect(store.course("course_1")).toMatchObject({ topic: "Vectors", tenant: null, syllabus: ["One", "Two"] });
      expect(store.dueCourses(Date.now()).map((c) => c.id)).toEqual(["course_1"]);
      expect(tables(state.storage)).toEqual(expect.arrayContaining(["lessons", "periods", "idempotency_keys"]));
    });
  });

  it("upgrades a Learner object from before versioning and keeps its owner and attempts", async () => {
    await runInDurableObject(env.LEARNERS.getByName(uniqueId("learner")), async (_o, state) => {
      await asOlderDeployment(
        state.storage,
        `${LEARNER_MIGRATIONS[0]}
INSERT INTO owner (id, tenant) VALUES (1, 'team-a');
INSERT INTO attempts (lesson_key, exercise_id, answer, verdict, score, result, at) VALUES ('lessons/v.md', 'e1', 'B', 'correct', 1, '{}', 1);`,
      );
      migrate(state.storage, LEARNER_MIGRATIONS);
      expect(schemaVersion(state.storage)).toBe(LEARNER_MIGRATIONS.length);
      expect(new LearnerStore(state.storage.sql).owner()).toBe("team-a");
      expect(state.storage.sql.exec("SELECT answer FROM attempts").one().answer).toBe("B");
    });
  });

  it("upgrades an McpSession object from before versioning and can still replay its stored events", async () => {
    await runInDurableObject(env.MCP_SESSIONS.getByName(uniqueId("mcp")), async (_o, state) => {
      await asOlderDeployment(
        state.storage,
        `${MCP_SESSION_MIGRATIONS[0]};
INSERT INTO mcp_events (stream_id, message) VALUES ('stream-1', '{}'), ('stream-1', '{"jsonrpc":"2.0","id":1,"result":{}}');`,
      );
      await state.storage.put("session", { sessionId: "mcp-1" });
      migrate(state.storage, MCP_SESSION_MIGRATIONS);
      expect(schemaVersion(state.storage)).toBe(MCP_SESSION_MIGRATIONS.length);
      const replayed: unknown[] = [];
      await new SqlEventStore(state.storage.sql, 100).replayEventsAfter("1", { send: async (_id, m) => void replayed.push(m) });
      expect(replayed).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);
      expect(await state.storage.get("session")).toEqual({ sessionId: "mcp-1" });
    });
  });

  it("keeps an McpOAuth object's key-value records through its migrations", async () => {
    const stub = env.MCP_OAUTH.getByName(uniqueId("oauth"));
    await stub.update("server-1", { authorizationUrl: "https://auth.example/authorize" });
    await runInDurableObject(stub, async (_o, state) => {
      migrate(state.storage, MCP_OAUTH_MIGRATIONS);
      expect(schemaVersion(state.storage)).toBe(MCP_OAUTH_MIGRATIONS.length);
    });
    expect(await stub.read("server-1")).toEqual({ authorizationUrl: "https://auth.example/authorize" });
  });

  it("commits a migration with its version, or neither", async () => {
    await runInDurableObject(env.LEARNERS.getByName(uniqueId("learner")), async (_o, state) => {
      const broken: Migration[] = [...LEARNER_MIGRATIONS, "CREATE TABLE extra (x TEXT); INSERT INTO no_such_table VALUES (1);"];
      expect(() => migrate(state.storage, broken)).toThrow(/no_such_table/);
      expect(schemaVersion(state.storage)).toBe(LEARNER_MIGRATIONS.length);
      expect(tables(state.storage)).not.toContain("extra");
    });
  });
});
