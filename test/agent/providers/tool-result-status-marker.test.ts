// The model sees a tool result's status: on the wire, error and partial results reach it starting with
// `Error:` / `Partial:` (never twice), success results unchanged; the stored history keeps the bare content.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { defineTool, fail, ok } from "../../../src/agent/tools";
import { WireLoopHarness } from "../../support/wire-loop-harness";

const h = new WireLoopHarness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const probe = defineTool({
  name: "probe",
  description: "answers with the status it is asked for",
  input: z.object({ status: z.enum(["success", "partial", "error", "marked"]) }),
  run: ({ status }) =>
    status === "success"
      ? ok("all good")
      : status === "partial"
        ? { status: "partial", content: "half of it" }
        : fail(status === "marked" ? "Error: already marked" : "it broke"),
});

describe("tool result status markers", () => {
  it("prefix error and partial results where the model reads them", async () => {
    const statuses = ["success", "partial", "error", "marked"];
    const { key, messages } = await h.run(
      [
        { toolCalls: statuses.map((status, i) => ({ id: `c${i}`, name: "probe", args: { status } })) },
        { toolCalls: [{ id: "c9", name: "nope", args: {} }] },
        { text: "done" },
      ],
      { tools: [probe] },
    );
    const seen = h.model
      .requests(key)[2]!
      .messages.filter((m) => m.role === "tool")
      .map((m) => m.content);
    expect(seen).toEqual(["all good", "Partial: half of it", "Error: it broke", "Error: already marked", expect.stringMatching(/^Error: Unknown tool "nope"/)]);
    expect(messages.filter((m) => m.role === "tool").map((m) => m.content)).toContain("it broke");
  });
});
