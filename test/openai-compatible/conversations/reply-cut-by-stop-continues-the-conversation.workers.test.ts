// A reply cut at the client's `stop` is what the client keeps and re-sends (with the progress lines it was shown):
// its next turn continues the same session, because the conversation index records the reply as the client got
// it, not the agent's whole text. With X-Session-Id that history is the session's, so it is not refused.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

type Turn = OpenAI.Chat.Completions.ChatCompletionMessageParam;

describe("a reply cut by stop", () => {
  for (const named of [false, true]) {
    it(`continues its conversation when re-sent (${named ? "X-Session-Id" : "found by its messages"})`, async () => {
      const key = uniqueId("stop-cut");
      const marker = await script(key, [
        { toolCalls: [{ id: "call_calc", name: "calculate", args: { expression: "2*3" } }] },
        { text: "A derivative is a rate of change. END of the long part." },
        { text: "Turn 2." },
      ]);
      const client = agentClient({ headers: named ? { "X-Session-Id": uniqueId("stop-cut") } : {} });
      const ask = async (messages: Turn[]) => {
        const { data, response } = await client.chat.completions.create({ model: "study-agent", messages, stop: ["END"] }).withResponse();
        return { text: data.choices[0]!.message.content!, finish: data.choices[0]!.finish_reason, session: response.headers.get("x-session-id")! };
      };

      const u1: Turn = { role: "user", content: `${marker} What is a derivative?` };
      const first = await ask([u1]);
      expect(first.finish).toBe("stop");
      expect(first.text).toContain("›");
      expect(first.text).toMatch(/A derivative is a rate of change\. $/);

      const second = await ask([u1, { role: "assistant", content: first.text }, { role: "user", content: "More?" }]);
      expect(second.text).toBe("Turn 2.");
      expect(second.session).toBe(first.session);
    });
  }
});
