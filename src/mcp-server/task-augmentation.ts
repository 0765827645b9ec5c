// Tasks (MCP 2025-11-25, experimental). This server declares no `tasks` capability, and the spec says a
// receiver that does not declare task support for a request type "MUST process requests of that type
// normally, ignoring any task-augmentation metadata". The SDK's server checks the capability before the
// handler and answers -32603 instead, so the metadata is dropped before the SDK sees the request.
import type { JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";

/** `request` without its `params.task`; the same object when it has none. */
export function withoutTaskAugmentation(request: JSONRPCRequest): JSONRPCRequest {
  if (!request.params || !("task" in request.params)) return request;
  const { task: _ignored, ...params } = request.params;
  return { ...request, params };
}
