// A beforeToolCall hook may rewrite a call's arguments before the permission check, which may then ask a
// person. The person is shown the call as rewritten, which is what runs if they allow it: the approval held
// the model's arguments, so a person approved one call and another ran (and, since an approval covers the
// arguments it showed, the resumed call asked again instead of running).
import { nodeApprovalRequests } from "../../support/node-approvals";
import { describe, expect, it } from "vitest";
import type { Hooks } from "../../../src/agent/hooks";
import { defineTool, ok } from "../../../src/agent/tools";
import { PermissionPolicy } from "../../../src/lib/permissions";
import { LoopHarness, runScriptedLoop } from "../../support/loop-harness";
import { z } from "zod";

describe("a call a hook rewrote and the policy asks about", () => {
  it("is shown to the person as rewritten, and runs so once they allow it", async () => {
    const approvals = nodeApprovalRequests();
    const permissions = approvals.permissionHook(new PermissionPolicy([{ tool: "send_note", action: "ask" }]), "run-r1", "wait");
    // An embedder's hook that addresses every note to the class.
    const toClass: Hooks = { name: "to-class", beforeToolCall: ({ args }) => ({ action: "allow", args: { ...(args as object), to: "class" } }) };
    const sent: unknown[] = [];
    const send = defineTool({
      name: "send_note",
      description: "Sends a note.",
      input: z.object({ text: z.string(), to: z.string() }),
      run: (args) => (sent.push(args), ok("sent")),
    });
    const h = new LoopHarness();
    const opts = { tools: [send], hooks: [toClass, permissions], runId: "run-r1" };

    const first = await h.run([{ toolCalls: [{ id: "call_1", name: "send_note", args: { text: "hi", to: "ana" } }] }], { ...opts, key: "r1" });
    expect(first.result).toMatchObject({ status: "awaiting_approval", pending: [{ args: { text: "hi", to: "class" } }] });
    const [pending] = approvals.open("run-r1", first.result.pending!, 60_000);
    expect(pending!.args).toEqual({ text: "hi", to: "class" });
    approvals.decide(pending!.approvalId, "allow", "api", {});

    h.model.script("r1", [{ text: "done" }]);
    const resumed = await runScriptedLoop("[[script:r1]]", "r1", h.model, { ...opts, history: first.messages });
    expect(resumed.result.status).toBe("completed");
    expect(sent).toEqual([{ text: "hi", to: "class" }]);
  });
});
