// A session id's second life shares nothing with its first: no event ids, trace rows or webhook rows.
// Two tenants on the Worker under `wrangler dev`, with a webhook receiver that deduplicates on webhook-id
// as our docs advise, counting every event it should have got:
// - acme runs in session S, deletes it; globex creates S and runs in it: every event of both lives
//   arrives under an id of its own (the ids were "<sessionId>:<seq>", and seq starts again at 1);
// - a stateless response (store: false) sent twice, word for word, runs twice in the same hashed session id
//   (ephemeral-…): both runs' events arrive, none dropped as a duplicate;
// - a delivery still awaited when its session is deleted and created again records nothing in the new
//   life (its webhook.attempt used to land in the new session's trace).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HookRecorder } from "../support/hook-recorder";
import { ScriptedModel } from "../support/scripted-model";
import { tenantClient, TWO_TENANTS, type TenantClient } from "../support/tenant-client";
import { waitFor } from "../support/wait-for";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";

const model = new ScriptedModel();
/** Gets every event but the attempts (never delivered). */
const receiver = new HookRecorder();
/** Gets run.completed only, and is told to hang on one delivery. */
const slow = new HookRecorder();
let worker: WranglerDev;
let acme: TenantClient;
let globex: TenantClient;

beforeAll(async () => {
  await Promise.all([model.listen(), receiver.listen(), slow.listen()]);
  worker = await startWranglerDev({
    vars: {
      ...model.workerVars,
      ...TWO_TENANTS.vars(),
      ALLOW_PRIVATE_FETCH: "true",
      WEBHOOKS: JSON.stringify([
        { url: receiver.url(), events: ["*"], secret: "second-life-secret-0123456789" },
        { url: slow.url(), events: ["run.completed"], secret: "second-life-secret-0123456789" },
      ]),
    },
  });
  acme = tenantClient(worker.url, TWO_TENANTS.acme);
  globex = tenantClient(worker.url, TWO_TENANTS.globex);
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), model.close(), receiver.close(), slow.close()]);
});

interface TraceEvent {
  id?: string;
  seq: number;
  type: string;
  runId: string | null;
  data: Record<string, unknown>;
}

async function run(client: TenantClient, session: string, text: string): Promise<string> {
  const marker = model.script(`${session}-${text}`, [{ text }]);
  const res = await client(`/v1/sessions/${session}/runs`, { json: { input: `${marker} say ${text}` } });
  const body = (await res.json()) as { runId: string; status: string };
  expect(body.status, JSON.stringify(body)).toBe("completed");
  return body.runId;
}

async function events(client: TenantClient, session: string): Promise<TraceEvent[]> {
  return ((await (await client(`/v1/sessions/${session}/events?limit=1000`)).json()) as { events: TraceEvent[] }).events;
}

/** The trace events a webhook gets: all but the attempts. */
const delivered = (trace: TraceEvent[]) => trace.filter((e) => !e.type.startsWith("webhook."));

describe("a session id's second life", () => {
  it("after DELETE and a re-create by another tenant: every event of both lives arrives, each under an id of its own", async () => {
    const session = `reuse-${Date.now()}`;
    await run(acme, session, "first");
    const first = delivered(await events(acme, session));
    const ofSession = (b: Record<string, unknown>) => b.sessionId === session;
    await waitFor(() => receiver.deduplicated(ofSession).kept.size >= first.length || undefined, "the first life's events");
    expect((await acme(`/v1/sessions/${session}`, { method: "DELETE" })).status).toBe(204);

    expect((await globex("/v1/sessions", { json: { id: session } })).status).toBe(201);
    // The new life starts empty: no trace row of the first.
    expect(await events(globex, session)).toEqual([]);
    await run(globex, session, "second");
    const second = delivered(await events(globex, session));
    const all = [...first, ...second];
    await waitFor(() => receiver.deduplicated(ofSession).kept.size >= all.length || undefined, "both lives' events", 30_000).catch(() => undefined);

    const { kept, lost } = receiver.deduplicated(ofSession);
    expect(lost, "events a deduplicating receiver dropped").toEqual([]);
    expect(kept.size).toBe(all.length);
    // The trace shows each event's id, and it is the webhook-id it was delivered under.
    expect(all.every((e) => typeof e.id === "string" && e.id.startsWith("evt_"))).toBe(true);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect([...kept.keys()].sort()).toEqual(all.map((e) => e.id).sort());
    for (const e of all) expect(kept.get(e.id!)).toMatchObject({ id: e.id, seq: e.seq, type: e.type, runId: e.runId });
    // seq did start again: only the ids keep the lives apart.
    expect(second[0]!.seq).toBe(first[0]!.seq);
  });

  it("a stateless response sent twice word for word: both runs' events arrive, none taken for a duplicate", async () => {
    const marker = model.script(`stateless-${Date.now()}`, [{ text: "once" }, { text: "twice" }]);
    const ask = async () => {
      const res = await acme("/v1/responses", { json: { model: "study-agent", store: false, input: `${marker} the same question` } });
      expect(res.status).toBe(200);
      return res.headers.get("x-run-id")!;
    };
    const runs = [await ask(), await ask()];
    expect(new Set(runs).size).toBe(2);
    const ofRuns = (b: Record<string, unknown>) => runs.includes(String(b.runId));
    const completed = () => [...receiver.deduplicated(ofRuns).kept.values()].filter((b) => b.type === "run.completed");
    await waitFor(() => completed().length === 2 || undefined, "both runs' run.completed", 30_000).catch(() => undefined);

    const { kept, lost } = receiver.deduplicated(ofRuns);
    expect(lost, "events a deduplicating receiver dropped").toEqual([]);
    // Both runs lived in one hashed session id, one life each.
    expect(new Set([...kept.values()].map((b) => b.sessionId)).size).toBe(1);
    for (const runId of runs) {
      const types = [...kept.values()].filter((b) => b.runId === runId).map((b) => b.type);
      expect(types, runId).toEqual(expect.arrayContaining(["run.started", "model.request", "model.response", "run.completed"]));
    }
  });

  it("a delivery awaited across DELETE and a re-create records nothing in the new life", async () => {
    const session = `late-${Date.now()}`;
    slow.plan.push({ hangMs: 3_000 });
    const runId = await run(acme, session, "late");
    // The run's run.completed is with the slow receiver, unanswered, while the session is deleted and made again.
    await waitFor(() => slow.inFlight === 1 || undefined, "the hanging delivery");
    const hanging = slow.deliveries.at(-1)!.headers["webhook-id"]!;
    expect((await acme(`/v1/sessions/${session}`, { method: "DELETE" })).status).toBe(204);
    expect((await acme("/v1/sessions", { json: { id: session } })).status).toBe(201);
    await waitFor(() => slow.inFlight === 0 || undefined, "the receiver's late answer", 10_000);
    // The old delivery's attempt would come right after that answer; a request that the object
    // answers after it (its request arrived later) sees the new life's trace as it stays.
    await run(acme, session, "after");
    const trace = await events(acme, session);
    expect(trace.filter((e) => e.type === "webhook.attempt" && e.data.webhookId === hanging)).toEqual([]);
    expect(trace.filter((e) => e.runId === runId)).toEqual([]);
  });
});
