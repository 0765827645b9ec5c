import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { userMessage } from "../../src/agent/messages";
import { sessionStub } from "../../src/session/runs/start-run";
import { call, uniqueId } from "../support/worker-http";

interface Page {
  messages: Array<{ id: string; role: string; content: string }>;
  nextBefore?: number | null;
  runs: unknown[];
  todos: unknown[];
}

/** A session seeded with `n` user messages "m0".."m{n-1}"; message 3 is longer than one stored row (256 KiB). */
async function seeded(n: number): Promise<{ sid: string; contents: string[] }> {
  const sid = uniqueId("paged");
  const contents = Array.from({ length: n }, (_, i) => (i === 3 ? `m3 ${"x".repeat(300_000)} "quoted" \u00e9 end` : `m${i}`));
  expect(await sessionStub(env, sid).create(sid, { course: "algebra" }, contents.map(userMessage), null)).toBe("created");
  return { sid, contents };
}

const get = async (path: string) => {
  const res = await call(path);
  return { status: res.status, type: res.headers.get("content-type"), body: (await res.json()) as Page & { error?: { code: string } } };
};

describe("GET /v1/sessions/:id pages its messages on request", () => {
  it("without paging answers every message, oldest first, in the contract's shape", async () => {
    const { sid, contents } = await seeded(7);
    const { status, type, body } = await get(`/v1/sessions/${sid}`);
    expect(status).toBe(200);
    expect(type).toContain("application/json");
    expect(body.messages.map((m) => m.content)).toEqual(contents);
    expect(body.messages[0]).toEqual({ id: expect.any(String), role: "user", content: "m0", createdAt: expect.any(String) });
    expect(body).toMatchObject({ id: sid, metadata: { course: "algebra" }, todos: [], runs: [], usage: { totalTokens: 0 } });
    expect(body).not.toHaveProperty("nextBefore");
  });

  it("with limit answers the newest messages and a cursor that walks back to the first", async () => {
    const { sid, contents } = await seeded(7);
    const seen: string[][] = [];
    let path = `/v1/sessions/${sid}?limit=3`;
    for (;;) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      seen.push(body.messages.map((m) => m.content));
      expect(body.runs).toEqual([]);
      if (body.nextBefore === null) break;
      expect(typeof body.nextBefore).toBe("number");
      path = `/v1/sessions/${sid}?limit=3&before=${body.nextBefore}`;
    }
    expect(seen).toEqual([contents.slice(4), contents.slice(1, 4), contents.slice(0, 1)]);
  });

  it("a limit as large as the history answers it all with no older page", async () => {
    const { sid, contents } = await seeded(2);
    const { body } = await get(`/v1/sessions/${sid}?limit=2`);
    expect(body.messages.map((m) => m.content)).toEqual(contents);
    expect(body.nextBefore).toBeNull();
  });

  it("refuses bad paging with a 400 JSON error, before looking the session up", async () => {
    for (const q of ["limit=0", "limit=-1", "limit=abc", "limit=1.5", "limit=1001", "before=5", "limit=2&before=0", "limit=2&before=x"]) {
      const { status, body } = await get(`/v1/sessions/${uniqueId("none")}?${q}`);
      expect([q, status, body.error?.code]).toEqual([q, 400, "invalid_request"]);
    }
  });
});
