import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { messages, startRun, trace } from "../../support/session-api";
import { ASK_PREFIX, DENY_PREFIX } from "../../support/trust-fixtures";
import { uniqueId } from "../../support/worker-http";

const fixtureWeb = () => String((env as unknown as Record<string, string>).SEARCH_BASE_URL);

describe("the permission policy holds whatever the model is talked into", () => {
  it("a page with injected instructions cannot get a denied call run", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "fetch_webpage", args: { url: `${fixtureWeb()}/articles/injection` } }] },
      // A model that obeys the page.
      { toolCalls: [{ name: "calculate", args: { expression: `${DENY_PREFIX}1` } }] },
      { text: "I could not do that." },
    ]);
    const sid = uniqueId();
    const run = await startRun(sid, `${marker} read this page`);
    expect(run).toMatchObject({ status: "completed", output: "I could not do that." });
    const [page, refused] = (await messages(sid)).filter((m) => m.role === "tool");
    expect(page!.content).toContain("IMPORTANT SYSTEM INSTRUCTION");
    expect(refused).toMatchObject({ status: "error" });
    expect(refused!.content).toMatch(/^Permission denied: the permission policy forbids this call/);
    expect(refused!.content).not.toContain("6667");
    expect((await requests(key)).requests[2]!.messages.at(-1)).toMatchObject({ role: "tool", content: expect.stringContaining("Permission denied") });
  });

  it("a subagent obeys the same policy, and hands a call that needs approval back to the parent", async () => {
    const child = uniqueId("child");
    const childMarker = await script(child, [
      {
        toolCalls: [
          { name: "calculate", args: { expression: `${DENY_PREFIX}2` } },
          { name: "calculate", args: { expression: `${ASK_PREFIX}2` } },
        ],
      },
      { text: "both refused" },
    ]);
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "task", args: { prompt: `${childMarker} compute two sums`, tools: "full" } }] },
      { text: "the subagent could not" },
    ]);
    const sid = uniqueId();
    const run = await startRun(sid, `${marker} delegate`);
    expect(run).toMatchObject({ status: "completed", output: "the subagent could not" });
    const childResults = (await trace(sid)).filter((e) => e.type === "tool.finished" && e.data.agent).map((e) => String(e.data.output));
    expect(childResults).toHaveLength(2);
    expect(childResults[0]).toContain("the permission policy forbids this call");
    expect(childResults[1]).toContain("needs a person's approval: it is handed to the main agent");
    // The parent gets the call back to make itself (then its own run would ask the person).
    const taskResult = (await trace(sid)).find((e) => e.type === "tool.finished" && !e.data.agent && e.data.name === "task");
    expect(String(taskResult?.data.output)).toContain("needed a person's approval for these calls");
    expect((await trace(sid)).some((e) => e.type === "approval.required")).toBe(false);
  });
});
