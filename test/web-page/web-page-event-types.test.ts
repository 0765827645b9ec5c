// The web page's JS consumes the one event union: the stream events it handles and the ones it leaves
// out on purpose (public/js/run-events.js) are exactly STREAM_EVENTS of src/session/trace/event-catalogue.ts. A type added
// to the union fails here until the page decides what to do with it; a type the page names that the
// union lacks (a typo, a removed event) fails too.
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES, STREAM_EVENTS } from "../../src/session/trace/event-catalogue";
import { fromRoot } from "../support/paths";

interface RunEventsModule {
  IGNORED_EVENTS: Record<string, string>;
  runEventHandlers(view: object): Record<string, (data: unknown) => void>;
}

const load = async () => (await import(pathToFileURL(fromRoot("public/js/run-events.js")).href)) as RunEventsModule;

describe("the event types of the web page", () => {
  it("handles or deliberately ignores every stream event of the union, and names no other", async () => {
    const { IGNORED_EVENTS, runEventHandlers } = await load();
    // A view whose every method is a no-op: only the handler table's keys matter here.
    const handled = Object.keys(runEventHandlers(new Proxy({}, { get: () => () => undefined })));
    const ignored = Object.keys(IGNORED_EVENTS);
    expect(handled.filter((t) => ignored.includes(t))).toEqual([]);
    expect(
      [...handled, ...ignored].sort(),
      "public/js/run-events.js handles (runEventHandlers) or ignores with a reason (IGNORED_EVENTS) exactly the STREAM_EVENTS of src/session/trace/event-catalogue.ts",
    ).toEqual([...STREAM_EVENTS].sort());
    for (const type of [...handled, ...ignored]) expect(EVENT_TYPES).toContain(type);
    for (const reason of Object.values(IGNORED_EVENTS)) expect(reason.length).toBeGreaterThan(10);
  });

  it("passes each event's typed fields to the page", async () => {
    const { runEventHandlers } = await load();
    const calls: [string, unknown[]][] = [];
    const view = new Proxy(
      {},
      {
        get:
          (_, name) =>
          (...args: unknown[]) =>
            calls.push([String(name), args]),
      },
    );
    const handlers = runEventHandlers(view);
    handlers["tool.finished"]!({ callId: "c1", name: "web_search", status: "success", output: "…" });
    handlers["run.failed"]!({ runId: "r1", error: { code: "model_error", message: "down" } });
    handlers["text.delta"]!({ delta: "sub", agent: "researcher" });
    handlers["text.delta"]!({ delta: "Hi" });
    handlers["input.answered"]!({ inputId: "i1", server: "ev", action: "cancel", by: "expiry" });
    expect(calls).toEqual([
      ["toolFinished", ["c1", "success"]],
      ["failed", [{ code: "model_error", message: "down" }]],
      ["text", ["Hi"]],
      ["inputAnswered", [{ inputId: "i1", server: "ev", action: "cancel", by: "expiry" }]],
    ]);
  });
});
