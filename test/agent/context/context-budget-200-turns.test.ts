import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, ok } from "../../../src/agent/tools";
import { runAgent, skillLoaderTool } from "../../support/agent-run";
import { LoopHarness } from "../../support/loop-harness";
import type { ModelRequest } from "../../../src/agent/model";
import { promptTokensOf, type FakeReply } from "../../support/fake-model";

const h = new LoopHarness();

const WINDOW = 8000;
const TURNS = 200;
const SKILL = "# Knowledge compiler\nCite every source. " + "Write clear chapters. ".repeat(40);

const isSummarizer = (r: ModelRequest) => r.system.startsWith("You compact a conversation");

describe("a 200-turn session", () => {
  it("stays under MODEL_CONTEXT_WINDOW in every model request, compacting as it goes, with every message kept", async () => {
    const key = "budget-200";
    const marker = `[[script:${key}]]`;
    // Pages of very different sizes: some tiny, some far over the output limits.
    const sizes = [300, 2_000, 40_000, 800, 9_000, 150];
    let reads = 0;
    const readPage = defineTool({
      name: "read_page",
      description: "reads a page",
      input: z.object({ n: z.number() }),
      run: ({ n }) => ok(`page ${n}\n` + "word ".repeat(sizes[n % sizes.length]! / 5).replace(/(word ){12}/g, "$&\n")),
    });
    let turns = 0;
    let summaries = 0;
    const reply = (req: ModelRequest): FakeReply => {
      if (isSummarizer(req)) {
        summaries++;
        return { text: `${marker} Summary ${summaries}: the learner is studying cells; ${turns} pages read so far. ` + "Key facts noted. ".repeat(60) };
      }
      turns++;
      if (turns === 1) return { toolCalls: [{ name: "load_skill", args: {} }] };
      if (turns === 2) return { toolCalls: [{ name: "todo_write", args: { todos: [{ id: "1", text: "Read every page", status: "in_progress" }] } }] };
      if (turns < TURNS) return { text: `Reading page ${reads}.`, toolCalls: [{ name: "read_page", args: { n: reads++ } }] };
      return { text: "All pages read." };
    };
    const { result, messages, events, todos } = await runAgent(
      h,
      Array.from({ length: TURNS * 2 }, () => ({ dynamic: reply })),
      {
        key,
        tools: [readPage, skillLoaderTool("knowledge-compiler", SKILL)],
        context: {
          contextWindow: WINDOW,
          keepRounds: 4,
          summaryMaxTokens: 600,
          micro: { keepRecent: 4, minChars: 1500, keepChars: 200 },
          output: { maxLines: 120, maxBytes: 8192, mode: "head_tail" },
        },
        loop: { maxSteps: TURNS },
      },
    );

    expect(result).toMatchObject({ status: "completed", output: "All pages read.", steps: TURNS });
    const requests = h.model.requests(key);
    // Every request fits the window; the agent's own requests even stay under the compaction threshold (80%).
    expect(Math.max(...requests.map(promptTokensOf))).toBeLessThanOrEqual(WINDOW);
    expect(Math.max(...requests.filter((r) => !isSummarizer(r)).map(promptTokensOf))).toBeLessThanOrEqual(WINDOW * 0.8);
    // It did have to compact, and each compaction is in the trace.
    expect(summaries).toBeGreaterThan(3);
    expect(events.filter((e) => e.type === "context.compacted")).toHaveLength(summaries);
    expect(events.filter((e) => e.type === "warning")).toEqual([]);
    // Nothing was lost from the history: the user turn, 200 replies and 199 tool results.
    expect(messages).toHaveLength(1 + TURNS + (TURNS - 1));
    // The skill and the todo list were in the model's view at the end, whatever was summarized.
    const last = JSON.stringify(requests.at(-1)!.messages);
    expect(last).toContain("Write clear chapters.");
    expect(last).toContain("Read every page");
    expect(todos.load()).toHaveLength(1);
  });
});
