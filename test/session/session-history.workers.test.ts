import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { waitFor } from "../support/wait-for";
import { call, uniqueId } from "../support/worker-http";

const run = async (sid: string, input: string) =>
  (await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input } })).json() as Promise<Record<string, unknown>>;

describe("sessions keep their history and only theirs", () => {
  it("a second run in the same session sees the first", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Nice to meet you, Ada." }, { text: "Your name is Ada." }]);
    const sid = uniqueId();
    await run(sid, `${marker} My name is Ada.`);
    const second = await run(sid, "What is my name?");
    expect(second).toMatchObject({ status: "completed", output: "Your name is Ada." });
    const seen = (await requests(key)).requests[1]!.messages.map((m) => [m.role, m.content]);
    expect(seen).toEqual([
      ["system", expect.any(String)],
      ["user", `${marker} My name is Ada.`],
      ["assistant", "Nice to meet you, Ada."],
      ["user", "What is my name?"],
    ]);
  });

  it("another session does not see it", async () => {
    const keyA = uniqueId("k");
    const keyB = uniqueId("k");
    const a = await script(keyA, [{ text: "A's secret is kept." }]);
    const b = await script(keyB, [{ text: "B here." }]);
    await run(uniqueId("a"), `${a} my secret is swordfish`);
    const sidB = uniqueId("b");
    await run(sidB, `${b} hello`);
    const seen = JSON.stringify((await requests(keyB)).requests[0]!.messages);
    expect(seen).not.toContain("swordfish");
    const session = (await (await call(`/v1/sessions/${sidB}`)).json()) as { messages: unknown[]; runs: unknown[]; todos: unknown[] };
    expect(session.messages).toHaveLength(2);
    expect(session.runs).toHaveLength(1);
    expect(session.todos).toEqual([]);
  });

  it("runs on a busy session wait their turn and run in order", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "first", delayMs: 300 }, { text: "second" }]);
    const sid = uniqueId();
    const first = run(sid, `${marker} one`);
    // The second arrives while the first is busy: its model call is under way.
    await waitFor(async () => (await requests(key)).requests.length === 1, "the first run's model call");
    const [one, two] = await Promise.all([first, run(sid, "two")]);
    expect(one.output).toBe("first");
    expect(two.output).toBe("second");
    const session = (await (await call(`/v1/sessions/${sid}`)).json()) as { messages: Array<{ role: string; content: string }> };
    expect(session.messages.map((m) => m.content)).toEqual([`${marker} one`, "first", "two", "second"]);
  });

  it("deletes everything of a session", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "bye" }]);
    const sid = uniqueId();
    await run(sid, `${marker} hi`);
    expect((await call(`/v1/sessions/${sid}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(`/v1/sessions/${sid}`)).status).toBe(404);
    expect((await call(`/v1/sessions/${sid}/events`)).status).toBe(404);
    expect((await call(`/v1/sessions`, { method: "POST", json: { id: sid } })).status).toBe(201);
  });

  it("a session deleted and started again under its id sees only its new history", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Noted." }, { text: "Also noted." }, { text: "Fresh start." }]);
    const sid = uniqueId();
    await run(sid, `${marker} my secret is swordfish`);
    await run(sid, "and my name is Ada"); // the object keeps this history in memory from here on
    expect((await call(`/v1/sessions/${sid}`, { method: "DELETE" })).status).toBe(204);
    await run(sid, `${marker} who am I?`); // the marker again: the scripted model finds its script by it
    const seen = (await requests(key)).requests[2]!.messages.map((m) => [m.role, m.content]);
    expect(seen).toEqual([
      ["system", expect.any(String)],
      ["user", `${marker} who am I?`],
    ]);
  });
});
