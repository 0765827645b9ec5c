// With REACT_THINK_FINISH the agent adds its own `finish` after the client's tools: a client's `finish` is
// offered as `client__finish` beside it, a tool_choice naming it forces the client's, and the model's call of
// it is handed to the client under its own name. It was silently replaced: the forced choice forced the agent's
// finish, and the call's arguments became the run's answer.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { overrideSessionConfig } from "../../support/session-config";
import { uniqueId } from "../../support/worker-http";

describe("a client tool named finish, with REACT_THINK_FINISH", () => {
  it("is offered beside the agent's finish, forced by tool_choice, and its call handed to the client", async () => {
    const sid = uniqueId();
    await overrideSessionConfig(sid, { REACT_THINK_FINISH: "true" });
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "client__finish", args: { form: "signup" } }] }]);
    const finish = { type: "function" as const, function: { name: "finish", description: "Submits the form in the client.", parameters: { type: "object" } } };
    const reply = await agentClient({ headers: { "X-Session-Id": sid } }).chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} Submit it.` }],
      tools: [finish],
      tool_choice: { type: "function", function: { name: "finish" } },
    });
    const choice = reply.choices[0]!;
    expect(choice.finish_reason).toBe("tool_calls");
    const call = choice.message.tool_calls![0]!;
    expect(call.type === "function" && [call.function.name, JSON.parse(call.function.arguments)]).toEqual(["finish", { form: "signup" }]);

    const [seen] = (await requests(key)).requests;
    const offered = new Map(seen!.tools!.map((t) => [t.function.name, t.function.description]));
    expect(offered.get("client__finish")).toBe("Submits the form in the client.");
    expect(offered.get("finish")).not.toBe("Submits the form in the client.");
    expect(seen!.tool_choice).toEqual({ type: "function", function: { name: "client__finish" } });
  });
});
