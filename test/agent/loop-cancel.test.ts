import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, ok } from "../../src/agent/tools";
import { LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();

describe("cancelling a run", () => {
  it("stops during a model call with status cancelled and nothing half-written", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { result, messages } = await h.run([{ text: "too late", delayMs: 2_000 }], { signal: controller.signal, stream: true });
    expect(result.status).toBe("cancelled");
    // No model call answered, so no step was made (a step is one model call).
    expect(result.steps).toBe(0);
    expect(messages.map((m) => m.role)).toEqual(["user"]);
  });

  it("counts only the model calls that answered when a later call is cancelled", async () => {
    const controller = new AbortController();
    const tick = defineTool({ name: "tick", description: "ticks", input: z.object({}), run: () => ok("tock") });
    setTimeout(() => controller.abort(), 400);
    const { result } = await h.run([{ toolCalls: [{ name: "tick", args: {} }] }, { text: "too late", delayMs: 2_000 }], {
      tools: [tick],
      signal: controller.signal,
      stream: true,
    });
    expect(result).toMatchObject({ status: "cancelled", steps: 1 });
  });

  it("stops a running tool and answers its call, so the history stays valid", async () => {
    const controller = new AbortController();
    const hang = defineTool({ name: "hang", description: "waits", input: z.object({}), run: () => new Promise(() => {}) });
    const quick = defineTool({ name: "quick", description: "fast", input: z.object({}), run: () => ok("fast") });
    setTimeout(() => controller.abort(), 150);
    const { result, messages, key } = await h.run(
      [
        {
          toolCalls: [
            { name: "quick", args: {} },
            { name: "hang", args: {} },
          ],
        },
        { text: "never asked" },
      ],
      {
        tools: [hang, quick],
        signal: controller.signal,
      },
    );
    expect(result.status).toBe("cancelled");
    const results = messages.filter((m) => m.role === "tool");
    expect(results.map((m) => m.status)).toEqual(["success", "error"]);
    expect(results[1]!.content).toContain("cancelled");
    expect(h.model.requests(key)).toHaveLength(1);
  });
});
