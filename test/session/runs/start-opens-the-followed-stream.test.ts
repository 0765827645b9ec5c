// A channel that streams a run from its start asks for the stream with the start (`follow`), so the
// session opens it in the same call: the handle hands that stream to the first reader asking for it
// from the start in that format, and asks the session again for anything else (a later cursor, another
// format, a second reader).
import { describe, expect, it } from "vitest";
import { runHandle, type sessionStub } from "../../../src/session/runs/start-run";

function fakeStub() {
  const asked: Array<[number, string]> = [];
  const stub = {
    streamRun: async (_runId: string, after: number, format: string) => {
      asked.push([after, format]);
      return new ReadableStream<Uint8Array>();
    },
  } as unknown as ReturnType<typeof sessionStub>;
  return { stub, asked };
}

describe("a run started with follow", () => {
  it("gives the stream the start opened to the first reader from the start, and asks the session for the rest", async () => {
    const { stub, asked } = fakeStub();
    const opened = new ReadableStream<Uint8Array>();
    const handle = runHandle(stub, { runId: "run_1", replayed: false, events: opened }, "sse");
    expect(await handle.events(5, "sse")).not.toBe(opened);
    expect(await handle.events(0, "ndjson")).not.toBe(opened);
    expect(asked).toEqual([
      [5, "sse"],
      [0, "ndjson"],
    ]);
    expect(await handle.events(0, "sse")).toBe(opened);
    expect(asked).toHaveLength(2);
    expect(await handle.events(0, "sse")).not.toBe(opened);
    expect(asked).toEqual([
      [5, "sse"],
      [0, "ndjson"],
      [0, "sse"],
    ]);
  });

  it("asks the session when the start opened nothing", async () => {
    const { stub, asked } = fakeStub();
    const handle = runHandle(stub, { runId: "run_1", replayed: false }, "sse");
    await handle.events(0, "sse");
    expect(asked).toEqual([[0, "sse"]]);
  });
});
