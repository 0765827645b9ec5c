// On /v1/ui/chat the page declares its own tools with every request (the transport's body), the one answering
// approvals too: the resumed run offers its model the answering request's tools, as a run resumed with the
// page's tool results does. New tools replace the ones the run started with; an answer with none leaves none.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { trace } from "../support/session-api";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { call, uniqueId } from "../support/worker-http";

const pageTool = (name: string) => ({ name, description: `The page's ${name}.`, inputSchema: { type: "object", properties: {} } });

/** A chat whose question pauses for approval, started with `tools`; the answer approves it with `answerTools`. */
async function approveWith(tools: unknown[], answerTools: unknown[] | undefined): Promise<{ before: string[]; after: string[] }> {
  const chatId = uniqueId("ui-approval-tools");
  const marker = await script(chatId, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: "The sum is 1112." }]);
  const question = { id: "q", role: "user", parts: [{ type: "text", text: `${marker} Add them` }] };
  const asked = await call("/v1/ui/chat", { method: "POST", json: { id: chatId, messages: [question], tools } });
  expect(asked.status).toBe(200);
  await asked.text();

  const required = (await trace(chatId)).find((e) => e.type === "approval.required")!;
  const { approvalId, callId } = required.data as { approvalId: string; callId: string };
  const part = {
    type: "dynamic-tool",
    toolName: "calculate",
    toolCallId: callId,
    state: "approval-responded",
    input: { expression: `${ASK_PREFIX}1` },
    approval: { id: approvalId, approved: true },
  };
  const reply = { id: required.runId, role: "assistant", parts: [{ type: "step-start" }, part] };
  const answered = await call("/v1/ui/chat", {
    method: "POST",
    json: { id: chatId, messages: [question, reply], ...(answerTools ? { tools: answerTools } : {}) },
  });
  expect(answered.status).toBe(200);
  expect(await answered.text()).toContain('"status":"completed"');

  const [first, second] = (await requests(chatId)).requests;
  const offered = (r: typeof first) => (r!.tools ?? []).map((t) => t.function.name);
  return { before: offered(first), after: offered(second) };
}

describe("the tools of a /v1/ui/chat request answering approvals", () => {
  it("are the resumed run's, in place of those it started with", async () => {
    const { before, after } = await approveWith([pageTool("get_weather")], [pageTool("get_time")]);
    expect(before).toContain("get_weather");
    expect(after).toContain("get_time");
    expect(after).not.toContain("get_weather");
    expect(after).toContain("calculate");
  });

  it("are none when the answer declares none", async () => {
    const { before, after } = await approveWith([pageTool("get_weather")], undefined);
    expect(before).toContain("get_weather");
    expect(after).not.toContain("get_weather");
    expect(after).toContain("calculate");
  });
});
