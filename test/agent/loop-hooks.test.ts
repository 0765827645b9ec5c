// The loop contract (src/agent/hooks.ts) in the real loop: transformContext shapes what the model sees and
// never the history; beforeToolCall allows, denies, blocks or rewrites a call (rewritten arguments are
// validated again); afterToolCall runs in reverse order; an untrusted hook that throws or hangs is skipped
// with a warning, a trusted one fails the run.
import { describe, expect, it } from "vitest";
import * as z from "zod";
import type { Hooks } from "../../src/agent/hooks";
import { userMessage } from "../../src/agent/messages";
import { defineTool, ok } from "../../src/agent/tools";
import { LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();

const ECHO = { name: "echo", description: "says its word back", input: z.object({ word: z.string() }) };
const echo = defineTool({ ...ECHO, run: ({ word }) => ok(`echo ${word}`) });
/** An echo tool that counts its runs. */
function countedEcho() {
  const counter = { runs: 0 };
  const tool = defineTool({ ...ECHO, run: ({ word }: { word: string }) => (counter.runs++, ok(`echo ${word}`)) });
  return { tool, counter };
}
const callEcho = (word: unknown) => ({ toolCalls: [{ name: "echo", args: { word } }] });
const toolResults = (messages: { role: string; content: string }[]) => messages.filter((m) => m.role === "tool").map((m) => m.content);

describe("the loop's hooks", () => {
  it("transformContext shapes what the model sees this step, not the stored history", async () => {
    const note: Hooks = { transformContext: (step) => ({ ...step, system: `${step.system} Be brief.`, messages: [...step.messages, userMessage("a note")] }) };
    const { key, messages } = await h.run([{ text: "done" }], { hooks: [note] });
    const [seen] = h.model.requests(key);
    expect(seen!.system).toBe("You are a test agent. Be brief.");
    expect(seen!.messages.at(-1)!.content).toBe("a note");
    expect(messages.map((m) => m.content)).not.toContain("a note");
  });

  it("beforeToolCall denies, blocks, or rewrites a call; the first answer other than allow wins", async () => {
    const verdicts: Hooks = {
      beforeToolCall: (call) => {
        const { word } = ECHO.input.parse(call.args);
        if (word === "secret") return { action: "deny", reason: "no secrets" };
        if (word === "loud") return { action: "block", reason: "Too loud; whisper." };
        if (word === "hi") return { action: "allow", args: { word: "hello" } };
      },
    };
    const never: Hooks = { beforeToolCall: () => ({ action: "deny", reason: "the second hook is asked only after an allow" }) };
    const { messages } = await h.run([callEcho("secret"), callEcho("loud"), { text: "done" }], { tools: [echo], hooks: [verdicts, never] });
    expect(toolResults(messages)).toEqual(["Permission denied: no secrets", "Too loud; whisper."]);

    const rewritten = await h.run([callEcho("hi"), { text: "done" }], { tools: [echo], hooks: [verdicts] });
    expect(toolResults(rewritten.messages)).toEqual(["echo hello"]);
  });

  it("validates rewritten arguments again: an invalid rewrite is blocked, the tool never runs", async () => {
    const { tool, counter } = countedEcho();
    const breaks: Hooks = { beforeToolCall: () => ({ action: "allow", args: { word: 42 } }) };
    const { messages } = await h.run([callEcho("hi"), { text: "done" }], { tools: [tool], hooks: [breaks] });
    expect(toolResults(messages)[0]).toMatch(/^A hook rewrote the arguments into an invalid call/);
    expect(counter.runs).toBe(0);
  });

  it("runs afterToolCall in reverse order: the first hook wraps the others and sees their rewrites last", async () => {
    const tag = (name: string): Hooks => ({ name, afterToolCall: (_call, result) => ({ ...result, content: `${result.content} <${name}>` }) });
    const { messages } = await h.run([callEcho("x"), { text: "done" }], { tools: [echo], hooks: [tag("outer"), tag("inner")] });
    expect(toolResults(messages)).toEqual(["echo x <inner> <outer>"]);
  });

  it("skips an untrusted hook that throws or hangs with a hook_failed warning, and the run goes on", async () => {
    const throws: Hooks = { name: "broken", afterModel: () => Promise.reject(new Error("boom")) };
    const hangs: Hooks = { name: "stuck", transformContext: () => new Promise<undefined>(() => {}) };
    const { result, events } = await h.run([{ text: "done" }], { hooks: [throws, hangs], hookTimeoutMs: 50 });
    expect(result).toMatchObject({ status: "completed", output: "done" });
    const warnings = events.flatMap((e) => (e.type === "warning" && e.code === "hook_failed" ? [e.message] : []));
    expect(warnings).toEqual([expect.stringMatching(/^hook stuck\.transformContext failed: timed out after 50 ms/), "hook broken.afterModel failed: boom"]);
  });

  it("fails the run when a trusted hook throws: a broken permission check never lets a call through", async () => {
    const { tool, counter } = countedEcho();
    const policy: Hooks = { name: "policy", trusted: true, beforeToolCall: () => Promise.reject(new Error("policy store unreachable")) };
    const { result } = await h.run([callEcho("x"), { text: "done" }], { tools: [tool], hooks: [policy] });
    expect(result).toMatchObject({ status: "failed", error: { code: "internal_error", message: "policy store unreachable" } });
    expect(counter.runs).toBe(0);
  });
});
