// The same words with other client tools (another tool, another schema) or another tool_choice, sent while
// the first request's run is still going, are not a retry: the request starts a run of its own, whose model
// calls carry its own tools, instead of attaching to the first run and dropping them. The same tools with
// their schema's keys in another order are the same tools: that request is the retry, and attaches.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { sentWhileTheFirstRuns } from "../support/sent-while-the-first-runs";
import { call, uniqueId } from "../support/worker-http";

const weather = (parameters: Record<string, unknown>) => ({
  type: "function",
  function: { name: "get_weather", description: "The weather in a city.", parameters },
});
const CITY = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
const CITY_REORDERED = { required: ["city"], properties: { city: { type: "string" } }, type: "object" };
const CITY_AND_UNIT = { type: "object", properties: { city: { type: "string" }, unit: { type: "string" } }, required: ["city"] };
const clock = { type: "function", function: { name: "get_time", description: "The time in a city.", parameters: CITY } };

const ask = (marker: string, extra: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call("/v1/chat/completions", {
    method: "POST",
    headers,
    json: { model: "study-agent", messages: [{ role: "user", content: `${marker} Should I take an umbrella?` }], ...extra },
  });

const others: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
  ["another tool", { tools: [weather(CITY)] }, { tools: [weather(CITY), clock] }],
  ["another schema", { tools: [weather(CITY)] }, { tools: [weather(CITY_AND_UNIT)] }],
  ["another tool_choice", { tools: [weather(CITY)] }, { tools: [weather(CITY)], tool_choice: "none" }],
];

// How often the second run's model call sees the question: a conversation's other request is a branch of its
// own (a fork), asking it once; a named session's is its next turn, after the first run's.
const where: Array<[string, () => Record<string, string>, number]> = [
  ["a chat front end's conversation", () => ({}), 1],
  ["a named session", () => ({ "x-session-id": uniqueId("tools-s") }), 2],
];

describe.concurrent("the same words with other client tools while the first run is going", () => {
  for (const [place, headersFor, questionsSeen] of where) {
    for (const [what, firstAsks, secondAsks] of others) {
      it(`with ${what}: a run of their own (${place})`, { timeout: 30_000 }, async () => {
        const key = uniqueId("tools");
        const marker = await script(key, [{ text: "First: no umbrella.", delayMs: 1500 }, { text: "Second: take one." }]);
        const headers = headersFor();
        const [first, second] = await sentWhileTheFirstRuns(
          key,
          () => ask(marker, firstAsks, headers),
          () => ask(marker, secondAsks, headers),
        );
        expect(await first.text()).toContain("First: no umbrella.");
        expect(await second.text()).toContain("Second: take one.");
        expect(second.headers.get("idempotent-replayed")).toBeNull();
        expect(second.headers.get("x-run-id")).not.toBe(first.headers.get("x-run-id"));

        // Each model call carried the tools, or the tool choice, its own request sent.
        const calls = (await requests(key)).requests;
        expect(calls).toHaveLength(2);
        expect(calls[1]!.messages.filter((m) => m.role === "user")).toHaveLength(questionsSeen);
        const offered = (i: number) => (calls[i]!.tools ?? []).filter((t) => t.function.name.startsWith("get_"));
        if (secondAsks.tool_choice === "none") {
          expect(offered(0)).toHaveLength(1);
          expect(calls[1]!.tools ?? []).toEqual([]);
        } else {
          expect(offered(0).map((t) => t.function.parameters)).toEqual([CITY]);
          expect(offered(1).map((t) => [t.function.name, t.function.parameters])).toEqual(
            (secondAsks.tools as Array<ReturnType<typeof weather>>).map((t) => [t.function.name, t.function.parameters]),
          );
        }
      });
    }
  }

  it("the same tools with their schema's keys in another order are the retry: it attaches", { timeout: 30_000 }, async () => {
    const key = uniqueId("tools");
    const marker = await script(key, [{ text: "First: no umbrella.", delayMs: 1500 }]);
    const [first, retry] = await sentWhileTheFirstRuns(
      key,
      () => ask(marker, { tools: [weather(CITY)] }),
      () => ask(marker, { tools: [weather(CITY_REORDERED)] }),
    );
    expect(await retry.text()).toContain("First: no umbrella.");
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("x-run-id")).toBe(first.headers.get("x-run-id"));
    expect((await requests(key)).requests).toHaveLength(1);
  });
});
