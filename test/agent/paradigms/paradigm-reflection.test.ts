import { describe, expect, it } from "vitest";
import { CRITIC_PROMPT } from "../../../src/agent/paradigms/reflection";
import { runAgent } from "../../support/agent-run";
import { LoopHarness } from "../../support/loop-harness";

const h = new LoopHarness();

describe("the reflection paradigm", () => {
  it("answers, is sent back by the critic's revise call, revises, and stops when the critic calls approve", async () => {
    const { result, key, messages, events } = await runAgent(
      h,
      [
        { text: "Mitochondria make energy." },
        { toolCalls: [{ name: "revise", args: { reasons: ["Say what form the energy takes (ATP)."] } }] },
        { text: "Mitochondria make ATP, the cell's energy currency." },
        { toolCalls: [{ name: "approve", args: {} }] },
      ],
      { paradigm: "reflection", input: "What do mitochondria do?" },
    );
    expect(result).toMatchObject({ status: "completed", output: "Mitochondria make ATP, the cell's energy currency.", steps: 4 });
    const [answer, critique, revision, approval] = h.model.requests(key);
    // The critic's conversation: its own prompt, the task and the answer, only approve/revise, and a forced call.
    expect(critique!.system).toBe(CRITIC_PROMPT);
    expect(critique!.messages.map((m) => m.role)).toEqual(["user"]);
    expect(critique!.messages[0]!.content).toContain("What do mitochondria do?");
    expect(critique!.messages[0]!.content).toContain("Mitochondria make energy.");
    expect(critique!.tools.map((t) => t.name)).toEqual(["approve", "revise"]);
    expect(critique!.toolChoice).toBe("required");
    // The author sees its first answer and the reasons, not the critic's conversation.
    expect(revision!.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(revision!.messages[2]!.content).toContain("- Say what form the energy takes (ATP).");
    expect(answer!.tools.map((t) => t.name)).not.toContain("approve");
    expect(approval!.messages[0]!.content).toContain("Mitochondria make ATP");
    // Stored: the author's turns and the reviewer's reasons; the critic's messages stay out.
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    // The critic's events are marked as its own.
    expect(events.filter((e) => e.type === "model.response" && e.agent === "critic")).toHaveLength(2);
  });

  it("stops after REFLECTION_MAX_ROUNDS revisions even if the critic still objects", async () => {
    const revise = { toolCalls: [{ name: "revise", args: { reasons: ["More detail."] } }] };
    const { result, key } = await runAgent(h, [{ text: "v1" }, revise, { text: "v2" }], { paradigm: "reflection", settings: { reflectionMaxRounds: 1 } });
    expect(result).toMatchObject({ status: "completed", output: "v2", steps: 3 });
    expect(h.model.requests(key)).toHaveLength(3);
  });
});
