import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MemoryCompactionStore } from "../../../src/agent/context/compaction";
import { ContextManager } from "../../../src/agent/context/context-manager";
import type { SourcedEvent } from "../../../src/agent/events";
import { newId, now, userMessage, type Message } from "../../../src/agent/messages";
import { MemoryTodoStore } from "../../../src/agent/todo";
import { defineTool, ok } from "../../../src/agent/tools";
import { MemoryToolOutputStore, runAgent, skillLoaderTool, testContextSettings } from "../../support/agent-run";
import { LoopHarness } from "../../support/loop-harness";
import { RunState } from "../../../src/agent/run-state";

const h = new LoopHarness();

const SKILL = "# Exercise generator\nWrite three exercises per chapter, with an answer key.";
const loadSkill = skillLoaderTool("exercise-generator", SKILL);
let pages = 0;
const fetchPage = defineTool({
  name: "fetch_page",
  description: "reads a page",
  input: z.object({}),
  run: () => ok(`page ${++pages}: ${"text ".repeat(100)}`),
});
const call = (name: string, args: object = {}) => ({ toolCalls: [{ name, args }] });

describe("auto-compaction", () => {
  it("summarizes older rounds once a request would pass the threshold, keeping the system prompt, loaded skills, the todo list and the last rounds whole", async () => {
    const key = "compaction-threshold";
    const marker = `[[script:${key}]]`;
    // Window 4000 × 0.8: the budget is 3200 tokens. The provider's counts are scripted around it: a fetched
    // page adds ~130 tokens, so 3000 stays under and 3300 goes over.
    const { result, messages, events, compactions, todos } = await runAgent(
      h,
      [
        call("load_skill"),
        call("todo_write", {
          todos: [
            { id: "1", text: "Read sources", status: "in_progress" },
            { id: "2", text: "Write exercises" },
          ],
        }),
        { ...call("fetch_page"), usage: { promptTokens: 2900, completionTokens: 5 } },
        { ...call("fetch_page"), usage: { promptTokens: 3000, completionTokens: 5 } },
        { ...call("fetch_page"), usage: { promptTokens: 3300, completionTokens: 5 } },
        { text: `${marker} SUMMARY: the learner wants exercises on cells; three pages read.` },
        { text: "Here are your exercises." },
      ],
      {
        key,
        input: "make exercises about cells",
        tools: [loadSkill, fetchPage],
        context: { contextWindow: 4000, keepRounds: 2 },
        settings: { todoReminderTurns: 100 },
      },
    );
    expect(result).toMatchObject({ status: "completed", output: "Here are your exercises." });
    const requests = h.model.requests(key);
    expect(requests).toHaveLength(7);

    // Below the threshold nothing happened: requests 0–4 are the plain history, growing by one round each.
    expect(requests.slice(0, 5).map((r) => r.messages.length)).toEqual([1, 3, 5, 7, 9]);
    // The 6th request is the summarizer's: its own prompt, no tools, the older rounds as a transcript.
    const summarizer = requests[5]!;
    expect(summarizer.system).toMatch(/^You compact a conversation/);
    expect(summarizer.tools).toEqual([]);
    const transcript = summarizer.messages[0]!.content;
    expect(transcript).toContain("make exercises about cells");
    expect(transcript).toContain("[assistant calls todo_write]");
    expect(transcript).not.toContain("page 3:");

    // The next request: the same system prompt, the summary with the skill and the todo list verbatim, then the last 2 rounds whole.
    const after = requests[6]!;
    expect(after.system).toEqual(requests[4]!.system);
    expect(after.messages.map((m) => m.role)).toEqual(["summary", "assistant", "tool", "assistant", "tool"]);
    const summary = after.messages[0]!.content;
    expect(summary).toContain("SUMMARY: the learner wants exercises on cells");
    expect(summary).toContain(SKILL);
    expect(summary).toContain("[>] 1. Read sources\n[ ] 2. Write exercises");
    expect(after.messages.slice(1, 3)).toEqual(requests[4]!.messages.slice(7));
    expect(after.messages[2]!.content).toMatch(/^page 2:/);
    expect(after.messages[4]!.content).toMatch(/^page 3:/);

    // An overlay: every original message is still in the history, and the record says where the summary ends.
    expect(messages.map((m) => m.role)).toEqual(["user", ...Array(5).fill(["assistant", "tool"]).flat(), "assistant"]);
    const record = compactions.latest()!;
    expect(record.throughMessageId).toBe(messages[6]!.id);
    expect(record.skills).toEqual([{ name: "exercise-generator", content: SKILL }]);
    const compacted = events.find((e) => e.type === "context.compacted")!;
    expect(compacted).toMatchObject({ replacedMessages: 7 });
    if (compacted.type === "context.compacted") expect(compacted.afterTokens).toBeLessThan(compacted.beforeTokens);
    expect(todos.load()).toHaveLength(2);
    // The summarizer's tokens count in the run.
    expect(result.usage.promptTokens).toBeGreaterThan(2900 + 3000 + 3300);
  });

  it("never runs two compactions at once: a second call while one is under way takes its result", async () => {
    const key = "compaction-once";
    h.model.script(key, [{ text: `[[script:${key}]] one summary`, delayMs: 200 }, { text: "a second summary must not be asked for" }]);
    const history: Message[] = [userMessage(`[[script:${key}]] start`)];
    for (let i = 0; i < 6; i++) {
      history.push({ role: "assistant", id: newId("msg"), createdAt: now(), content: `step ${i} ${"words ".repeat(300)}` });
      history.push(userMessage(`[[script:${key}]] more ${i}`));
    }
    const events: SourcedEvent[] = [];
    const manager = new ContextManager({
      model: h.model,
      outputs: new MemoryToolOutputStore(),
      compactions: new MemoryCompactionStore(),
      todos: new MemoryTodoStore(),
      runState: new RunState(),
      settings: testContextSettings({ contextWindow: 2000, keepRounds: 2 }),
    });
    const req = { system: "sys", messages: history, tools: [], signal: new AbortController().signal, emit: (e: SourcedEvent) => events.push(e) };
    const [a, b] = await Promise.all([manager.prepare(req), manager.prepare(req)]);
    expect(h.model.requests(key)).toHaveLength(1);
    expect(events.filter((e) => e.type === "context.compacted")).toHaveLength(1);
    expect(a.messages).toEqual(b.messages);
    expect(a.messages[0]).toMatchObject({ role: "summary" });
    expect(a.messages.slice(1)).toEqual(history.slice(-2));
  });
});
