// This server declares no `tasks` capability, so a request a client augments with a task anyway is answered
// as if it had none: the tasks spec (2025-11-25) says a receiver that does not declare task support for a
// request type "MUST process requests of that type normally, ignoring any task-augmentation metadata".
// Left to the SDK, such a request got -32603 Internal error.
import { CallToolResultSchema, GetPromptResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { fileMcpClient } from "../support/mcp-worker-client";

const client = fileMcpClient();

it("declares no task support", () => {
  expect(client().getServerCapabilities()?.tasks).toBeUndefined();
});

it("answers a task-augmented tools/call with the tool's result", async () => {
  // The task rides in params, as a client sends it on the wire (the SDK client would refuse to send it).
  const result = await client().request(
    { method: "tools/call", params: { name: "list_lessons", arguments: {}, task: { ttl: 60_000 } } } as never,
    CallToolResultSchema,
  );
  expect(result.isError).toBeFalsy();
  expect(result).not.toHaveProperty("task");
  expect(result.content[0]).toMatchObject({ type: "text" });
});

it("answers any other request carrying a task as it answers it without one", async () => {
  const result = await client().request(
    { method: "prompts/get", params: { name: "daily-lesson", arguments: { args: "calculus" }, task: {} } } as never,
    GetPromptResultSchema,
  );
  expect(result.messages.length).toBeGreaterThan(0);
});
