// A request whose params are malformed (a missing or mistyped field, a resource URI that does not parse)
// is refused with Invalid params (-32602) naming the field, not answered with -32603 Internal error and a
// dump of the validator's issues. A method the server does not offer is still Method not found.
import { EmptyResultSchema, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { fileMcpClient } from "../support/mcp-worker-client";

const client = fileMcpClient();

/** Sends a request as it is, past the client's own typing. */
const send = (method: string, params: unknown) => client().request({ method, params } as never, EmptyResultSchema);

it.each([
  ["tools/call", {}, "params.name"],
  ["tools/call", { name: "list_lessons", arguments: [1] }, "params.arguments"],
  ["resources/read", {}, "params.uri"],
  ["resources/read", { uri: "not a uri" }, "not a URI"],
  ["prompts/get", { name: "daily-lesson", arguments: { args: 5 } }, "params.arguments.args"],
  ["logging/setLevel", { level: "loud" }, "params.level"],
])("%s with %j is Invalid params naming %s", async (method, params, named) => {
  await expect(send(method, params)).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining(named) });
});

it("leaves a method the server does not offer to Method not found", async () => {
  await expect(
    send("completion/complete", { ref: { type: "ref/prompt", name: "daily-lesson" }, argument: { name: "args", value: "x" } }),
  ).rejects.toMatchObject({
    code: ErrorCode.MethodNotFound,
  });
});
