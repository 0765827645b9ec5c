// A Chat Completions request repeated while its run waits for the client's tool results is a retry (its reply was
// lost, or a Regenerate): a client that got the calls answers them with another request, the calls and their
// results added. The retry attaches to the waiting run and gets the same calls with the same ids, with no second
// model call and no second run superseding the waiting one with the question twice; the results then resume it.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { call, uniqueId } from "../../support/worker-http";

type Turn = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const weather: OpenAI.Chat.Completions.ChatCompletionFunctionTool = {
  type: "function",
  function: { name: "get_weather", description: "The weather in a city.", parameters: { type: "object", properties: { city: { type: "string" } } } },
};

const modes = [
  { name: "found by its messages", headers: () => ({}) },
  { name: "with the same Idempotency-Key", headers: () => ({ "Idempotency-Key": uniqueId("key") }) },
  { name: "with X-Session-Id", headers: () => ({ "X-Session-Id": uniqueId("tools-retry") }) },
];

describe("a retry of a run waiting for the client's tool results", () => {
  for (const mode of modes) {
    for (const stream of [false, true]) {
      it(`hands back the same calls from the waiting run (${mode.name}${stream ? ", streamed" : ""})`, async () => {
        const key = uniqueId("tools-retry");
        const marker = await script(key, [{ toolCalls: [{ id: "call_w1", name: "get_weather", args: { city: "Paris" } }] }, { text: "Sunny in Paris." }]);
        const client = agentClient({ headers: { "X-Agent-Progress": "none", ...mode.headers() } });
        const messages: Turn[] = [{ role: "user", content: `${marker} Weather in Paris?` }];
        const body = () => ({ model: "study-agent", messages, tools: [weather] });
        const ask = async () => {
          if (!stream) {
            const { data, response } = await client.chat.completions.create(body()).withResponse();
            const { finish_reason, message } = data.choices[0]!;
            return { finish: finish_reason, calls: message.tool_calls, run: response.headers.get("x-run-id")!, session: response.headers.get("x-session-id")! };
          }
          const { data, response } = await client.chat.completions.create({ ...body(), stream: true }).withResponse();
          let finish: string | null = null;
          const calls: unknown[] = [];
          for await (const piece of data) {
            calls.push(...(piece.choices[0]?.delta.tool_calls ?? []).map(({ index: _, ...c }) => c));
            finish = piece.choices[0]?.finish_reason ?? finish;
          }
          return { finish, calls, run: response.headers.get("x-run-id")!, session: response.headers.get("x-session-id")! };
        };

        const first = await ask();
        expect(first.finish).toBe("tool_calls");
        const again = await ask();
        expect(again).toEqual(first);
        expect((await requests(key)).requests).toHaveLength(1);

        const [handed] = first.calls as OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall[];
        messages.push({ role: "assistant", content: null, tool_calls: [handed!] }, { role: "tool", tool_call_id: handed!.id, content: "sunny" });
        const { data: answer, response } = await client.chat.completions.create(body()).withResponse();
        expect(answer.choices[0]).toMatchObject({ finish_reason: "stop", message: { content: "Sunny in Paris." } });
        expect(response.headers.get("x-run-id")).toBe(first.run);
        expect((await requests(key)).requests).toHaveLength(2);
        const session = (await (await call(`/v1/sessions/${first.session}`)).json()) as {
          runs: Array<{ runId: string; status: string }>;
          messages: Array<{ role: string }>;
        };
        expect(session.runs).toEqual([expect.objectContaining({ runId: first.run, status: "completed" })]);
        expect(session.messages.filter((m) => m.role === "user")).toHaveLength(1);
      });
    }
  }
});
