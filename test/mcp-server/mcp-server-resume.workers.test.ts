// A long `study` call survives its client's disconnect: the client drops the SSE stream after the first
// progress notification, the run goes on, and a GET with Last-Event-ID replays what the client missed
// (each event once, in order) and then the tool's result.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { SseReader } from "../support/sse-reader";
import { studyReplies } from "../support/study-script";
import { waitFor } from "../support/wait-for";
import { call, uniqueId } from "../support/worker-http";

const web = String(env.SEARCH_BASE_URL);
const ACCEPT = "application/json, text/event-stream";
const PROTOCOL = "2025-11-25";

async function post(sessionId: string | undefined, message: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: ACCEPT, "mcp-protocol-version": PROTOCOL };
  if (sessionId) headers["mcp-session-id"] = sessionId;
  return call("/mcp", { method: "POST", headers, json: message });
}

describe("resuming a study call with Last-Event-ID", () => {
  it("replays the progress and the result the client missed while it was away", async () => {
    const init = await post(undefined, {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: "resume-test", version: "1" } },
    });
    const sessionId = init.headers.get("mcp-session-id")!;
    expect(sessionId).toBeTruthy();
    await new SseReader(init).rest();
    expect((await post(sessionId, { jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);

    const filename = uniqueId("resumed-lesson");
    // The reply after the first progress is slow, so the client drops the stream before the second.
    const replies = studyReplies(web, filename).map((r, i) => (i === 1 ? { ...r, delayMs: 300 } : r));
    const marker = await script(filename, replies);
    const agentSession = uniqueId("mcp-resume");
    const first = new SseReader(
      await post(sessionId, {
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "study", arguments: { topic: `${marker} derivatives`, sessionId: agentSession }, _meta: { progressToken: "p1" } },
      }),
    );
    const firstProgress = await first.until((e) => (e.data as { method?: string }).method === "notifications/progress");
    expect(firstProgress?.data).toMatchObject({ params: { progressToken: "p1", progress: 1, message: "🔎 derivatives introduction" } });
    const lastEventId = first.seen.at(-1)!.id!;
    expect(lastEventId).toBeGreaterThan(0);
    await first.cancel();

    // Away until the run has finished without anyone listening.
    await waitFor(async () => {
      const res = await call(`/v1/sessions/${agentSession}`);
      const runs = res.status === 200 ? ((await res.json()) as { runs: Array<{ status: string }> }).runs : [];
      return runs.length === 1 && runs[0]!.status === "completed";
    }, "the study run to complete");
    const resumed = await call("/mcp", {
      headers: { accept: "text/event-stream", "mcp-session-id": sessionId, "mcp-protocol-version": PROTOCOL, "last-event-id": String(lastEventId) },
    });
    expect(resumed.status).toBe(200);
    const reader = new SseReader(resumed);
    const result = await reader.until((e) => (e.data as { id?: number }).id === 7);
    await reader.cancel();
    const missed = reader.seen
      .filter((e) => (e.data as { method?: string }).method === "notifications/progress")
      .map((e) => (e.data as { params: { progress: number; message: string } }).params);
    expect(missed.map((p) => p.progress)).toEqual([2, 3, 4, 5, 6]);
    expect(missed.at(-1)!.message).toBe("💾 Derivatives");
    expect(reader.seen.every((e) => e.id! > lastEventId)).toBe(true);
    expect(result?.data).toMatchObject({ result: { structuredContent: { status: "completed", lessons: [{ key: `${filename}.md` }] } } });
  });
});
