// The same words with another answer format (a JSON response_format / text.format where the first asked
// for text), sent while the first request's run is still going, are not a retry: the request starts a run
// of its own that writes its answer in its format, instead of attaching to the first run and answering
// in prose. Checked on a chat front end's conversation and on a stateless Responses request.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { sentWhileTheFirstRuns } from "../support/sent-while-the-first-runs";
import { call, uniqueId } from "../support/worker-http";

const ANSWER = '{"umbrella":true}';

const routes: Array<[string, (marker: string, json: boolean) => Promise<Response>, (body: unknown) => string]> = [
  [
    "a chat front end's conversation",
    (marker, json) =>
      call("/v1/chat/completions", {
        method: "POST",
        json: {
          model: "study-agent",
          messages: [{ role: "user", content: `${marker} Should I take an umbrella?` }],
          ...(json ? { response_format: { type: "json_object" } } : {}),
        },
      }),
    (body) => (body as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content,
  ],
  [
    "a stateless response",
    (marker, json) =>
      call("/v1/responses", {
        method: "POST",
        json: {
          model: "study-agent",
          store: false,
          input: `${marker} Should I take an umbrella?`,
          ...(json ? { text: { format: { type: "json_object" } } } : {}),
        },
      }),
    (body) => (body as { output: Array<{ content: Array<{ text: string }> }> }).output.at(-1)!.content[0]!.text,
  ],
];

describe.concurrent("the same words with another answer format while the first run is going", () => {
  for (const [where, ask, answerOf] of routes) {
    it(`start a run of their own, answered in their format (${where})`, { timeout: 30_000 }, async () => {
      const key = uniqueId("format");
      const marker = await script(key, [{ text: "Yes, take one.", delayMs: 1500 }, { text: "Rain is likely." }, { text: ANSWER }]);
      const [first, second] = await sentWhileTheFirstRuns(
        key,
        () => ask(marker, false),
        () => ask(marker, true),
      );
      expect(answerOf(await first.json())).toBe("Yes, take one.");
      expect(answerOf(await second.json())).toBe(ANSWER);
      expect(second.headers.get("idempotent-replayed")).toBeNull();
      expect(second.headers.get("x-run-id")).not.toBe(first.headers.get("x-run-id"));

      const calls = (await requests(key)).requests;
      expect(calls.map((r) => r.body.response_format ?? null)).toEqual([null, null, { type: "json_object" }]);
      // A run of its own, not the first one's conversation asked again: the question is in it once.
      expect(calls[1]!.messages.filter((m) => m.role === "user")).toHaveLength(1);
    });
  }
});
