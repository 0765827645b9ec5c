// A prompt argument the prompt does not have is refused with Invalid params (-32602) naming it, instead of
// being dropped while the prompt is returned as if it had been used.
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { fileMcpClient } from "../support/mcp-worker-client";

const client = fileMcpClient();

it("refuses an argument the skill's prompt does not have, naming it", async () => {
  const refused = client().getPrompt({ name: "daily-lesson", arguments: { args: "the chain rule", topic: "calculus" } });
  await expect(refused).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining('"topic"') });
});

it("still takes its one argument, args, and no argument at all", async () => {
  const prompt = await client().getPrompt({ name: "daily-lesson", arguments: { args: "the chain rule" } });
  expect((prompt.messages[0]!.content as { text: string }).text).toContain("the chain rule");
  expect((await client().getPrompt({ name: "daily-lesson" })).messages).toHaveLength(1);
});

it("lists that argument, and only it", async () => {
  const { prompts } = await client().listPrompts();
  expect(prompts.find((p) => p.name === "daily-lesson")?.arguments).toEqual([expect.objectContaining({ name: "args", required: false })]);
});
