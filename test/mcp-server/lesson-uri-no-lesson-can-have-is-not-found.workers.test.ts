// resources/read of a lesson: URI is the lesson or -32002 Resource not found, as docs/mcp-server.md says,
// also for a URI the lesson://{key} template does not match (a slash, no key, no //): those used to be the
// SDK's -32602. Another scheme stays -32602, and a URI that does not parse is -32602 too.
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { fileMcpClient } from "../support/mcp-worker-client";

const client = fileMcpClient();

it.each(["lesson://derivatives.md/", "lesson://a/b.md", "lesson://", "lesson:derivatives.md", "LESSON://a/b.md", "lesson://no-such-lesson.md"])(
  "%s is -32002 Resource not found",
  async (uri) => {
    await expect(client().readResource({ uri })).rejects.toMatchObject({ code: -32002, message: expect.stringContaining("Resource not found") });
  },
);

it("another scheme is Invalid params", async () => {
  await expect(client().readResource({ uri: "https://example.com/derivatives.md" })).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
});
