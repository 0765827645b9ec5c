// A retry of a Chat Completions request whose run is waiting for a person's approval is a retry of a run still
// under way: it attaches to that run and answers what it answers (the same wait, with the same approval id). It
// starts no second run, which would supersede the waiting one and put the question in the history twice.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { call, uniqueId } from "../support/worker-http";

const modes = [
  { name: "found by its messages", headers: () => ({}) },
  { name: "with the same Idempotency-Key", headers: () => ({ "Idempotency-Key": uniqueId("key") }) },
  { name: "with X-Session-Id", headers: () => ({ "X-Session-Id": uniqueId("paused-retry") }) },
];

describe("a retry of a run waiting for an approval", () => {
  for (const mode of modes) {
    it(`attaches to the waiting run (${mode.name})`, async () => {
      const key = uniqueId("paused-retry");
      const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: "Never run." }]);
      const client = agentClient({ headers: mode.headers() });
      const ask = async () => {
        const { data, response } = await client.chat.completions
          .create({ model: "study-agent", messages: [{ role: "user", content: `${marker} Add them` }] })
          .withResponse();
        return { text: data.choices[0]!.message.content!, run: response.headers.get("x-run-id")!, session: response.headers.get("x-session-id")! };
      };

      const first = await ask();
      const approval = /appr_[A-Za-z0-9_-]+/.exec(first.text)?.[0];
      expect(approval).toBeDefined();
      const again = await ask();
      expect(again).toEqual(first);

      expect((await requests(key)).requests).toHaveLength(1);
      const session = (await (await call(`/v1/sessions/${first.session}`)).json()) as {
        runs: Array<{ runId: string; status: string }>;
        messages: Array<{ role: string; content: string }>;
      };
      expect(session.runs).toEqual([expect.objectContaining({ runId: first.run, status: "awaiting_approval" })]);
      expect(session.messages.filter((m) => m.role === "user")).toHaveLength(1);
    });
  }
});
