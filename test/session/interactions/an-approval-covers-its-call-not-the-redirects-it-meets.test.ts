// A person's approval covers the call they were shown: a redirect that call meets is the policy's alone. An
// approved fetch_webpage of a public page followed its redirect to a host whose rule says ask, without asking
// (docs/security-and-reliability.md: such a hop is refused, with a note to fetch that URL directly).
import { nodeApprovalRequests } from "../../support/node-approvals";
import { describe, expect, it } from "vitest";
import { PermissionPolicy } from "../../../src/lib/permissions";
import { createFetchWebpageTool } from "../../../src/tools/fetch-webpage";
import { LoopHarness, runScriptedLoop } from "../../support/loop-harness";

describe("an approved fetch_webpage call that meets a redirect", () => {
  it("does not follow it to a host whose rule asks: the hop is the policy's, not the approval's", async () => {
    const approvals = nodeApprovalRequests();
    const policy = new PermissionPolicy([
      { tool: "fetch_webpage", when: { url: { host: "public.example" } }, action: "ask" },
      { tool: "fetch_webpage", when: { url: { host: "*.intranet.example" } }, action: "ask" },
    ]);
    const fetched: string[] = [];
    const fakeFetch = (async (url: string) => {
      fetched.push(url);
      if (url.startsWith("https://public.example/")) return new Response(null, { status: 302, headers: { location: "https://hr.intranet.example/salaries" } });
      return new Response("<html><body><article><p>salaries of everyone</p></article></body></html>", { headers: { "content-type": "text/html" } });
    }) as typeof fetch;
    const fetchTool = createFetchWebpageTool({
      allowPrivate: true,
      maxBytes: 100000,
      timeoutMs: 5000,
      maxChars: 5000,
      maxDepth: 512,
      fetch: fakeFetch,
    } as never);
    const h = new LoopHarness();
    const hook = approvals.permissionHook(policy, "run-f1", "wait");

    // Execution 1: the call asks; the run pauses.
    const first = await h.run([{ toolCalls: [{ id: "call_1", name: "fetch_webpage", args: { url: "https://public.example/page" } }] }], {
      tools: [fetchTool],
      hooks: [hook],
      runId: "run-f1",
      key: "f1",
    });
    expect(first.result.status).toBe("awaiting_approval");
    const [pending] = approvals.open("run-f1", first.result.pending!, 60_000);
    // The person approves https://public.example/page — nothing else.
    approvals.decide(pending!.approvalId, "allow", "api", {});

    // Execution 2: resume from the stored history.
    h.model.script("f1", [{ text: "done" }]);
    const resumed = await runScriptedLoop("[[script:f1]]", "f1", h.model, { tools: [fetchTool], hooks: [hook], runId: "run-f1", history: first.messages });
    const tool = resumed.messages.find((m) => m.role === "tool");
    expect(fetched).toEqual(["https://public.example/page"]);
    expect(tool?.status).toBe("error");
    expect(tool?.content).toContain("needs a person's approval");
  });
});
