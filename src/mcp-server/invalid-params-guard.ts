// Requests whose params are wrong, refused with the protocol's Invalid params (-32602) naming what is
// wrong, before the SDK's server sees them. Left to the SDK, a request that fails its schema (tools/call
// without a name, a cursor that is a number) or a resources/read of a URI that does not parse becomes
// -32603 Internal error with a dump of zod issues; and the list methods ignore `cursor`, so a cursor this
// server never issued would silently get the first page (the spec: an invalid cursor is -32602).
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ClientRequestSchema, ErrorCode, isJSONRPCRequest, type JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { withoutTaskAugmentation } from "./task-augmentation";

/** The methods this server answers; any other goes on to the SDK, which says Method not found. */
const ANSWERED = new Set([
  "ping",
  "initialize",
  "logging/setLevel",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "prompts/list",
  "prompts/get",
]);

/** The list methods: each returns everything at once, so no cursor of theirs exists. */
const LISTS = new Set(["tools/list", "resources/list", "resources/templates/list", "prompts/list"]);

interface RequestSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

const SCHEMAS = new Map<string, RequestSchema>(ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]));

/** Why `request`'s params are invalid, or undefined when they are fine (or not ours to judge). */
export function invalidParams(request: JSONRPCRequest): string | undefined {
  const schema = ANSWERED.has(request.method) ? SCHEMAS.get(request.method) : undefined;
  if (!schema) return undefined;
  const parsed = schema.safeParse(request);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.map(String).join(".") || "request"}: ${i.message}`);
    return `Invalid params for ${request.method}: ${issues.join("; ")}`;
  }
  const params: Record<string, unknown> = request.params ?? {};
  if (LISTS.has(request.method) && params.cursor !== undefined) {
    return `Invalid cursor ${quoted(params.cursor)}: ${request.method} returns everything on its first page and issues no cursors`;
  }
  if (request.method === "resources/read" && !URL.canParse(String(params.uri))) {
    return `Invalid params for resources/read: uri ${quoted(params.uri)} is not a URI (lessons are lesson://<key>)`;
  }
  return undefined;
}

/** A value for a message, cut short: the client sent it, and may have sent a lot. */
const quoted = (value: unknown) => {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 100 ? `${json.slice(0, 100)}…` : json;
};

/**
 * Puts the check in front of the server connected to `transport` (call after server.connect); a request
 * that passes goes on without task augmentation (task-augmentation.ts).
 */
export function refuseInvalidParams(transport: Transport): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (!isJSONRPCRequest(message)) return deliver?.(message, extra);
    const request = withoutTaskAugmentation(message);
    const refusal = invalidParams(request);
    if (refusal === undefined) return deliver?.(request, extra);
    void transport.send({ jsonrpc: "2.0", id: request.id, error: { code: ErrorCode.InvalidParams, message: refusal } }, { relatedRequestId: request.id });
  };
}
