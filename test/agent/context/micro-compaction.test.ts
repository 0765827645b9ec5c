import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, ok } from "../../../src/agent/tools";
import { runAgent, skillLoaderTool } from "../../support/agent-run";
import { LoopHarness } from "../../support/loop-harness";

const h = new LoopHarness();

const page = (n: number) => `page ${n}: ` + "lorem ipsum ".repeat(300);
const SKILL = "# Knowledge compiler\n" + "Write chapters from sources. ".repeat(200);

describe("micro-compaction", () => {
  it("shortens old long tool results in what the model sees, keeps the recent ones and loaded skills whole, and keeps every original", async () => {
    let fetches = 0;
    const fetchPage = defineTool({ name: "fetch_page", description: "a long page", input: z.object({}), run: () => ok(page(++fetches)) });
    const loadSkill = skillLoaderTool("knowledge-compiler", SKILL);
    const call = (name: string) => ({ toolCalls: [{ name, args: {} }] });
    const { key, messages, outputs } = await runAgent(
      h,
      [call("load_skill"), call("fetch_page"), call("fetch_page"), call("fetch_page"), call("fetch_page"), { text: "done" }],
      {
        tools: [fetchPage, loadSkill],
        context: { micro: { keepRecent: 2, minChars: 1000, keepChars: 100 } },
      },
    );
    const last = h.model
      .requests(key)
      .at(-1)!
      .messages.filter((m) => m.role === "tool")
      .map((m) => String(m.content));
    expect(last[0]).toBe(SKILL);
    const stored = messages.filter((m) => m.role === "tool");
    for (const i of [1, 2]) {
      expect(last[i]!.length).toBeLessThan(300);
      expect(last[i]).toContain(`read_tool_output({"id":"${stored[i]!.id}"})`);
      expect(outputs.get(stored[i]!.id)).toBe(page(i));
      expect(stored[i]!.content).toBe(page(i));
    }
    expect(last[3]).toBe(page(3));
    expect(last[4]).toBe(page(4));
  });
});
