// An MCP server's tool as a harness Tool: the model sees the server's description and input
// schema as given; arguments are checked against that schema here, before anything is sent, so a
// malformed call costs no round trip and the model learns exactly what was wrong.
import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import type { JsonSchema, Tool } from "../agent";
import { jsonSchemaValidation } from "../lib/json-schema-validation";
import { mapCallToolResult } from "./call-result";
import { guardedCall } from "./guarded-call";
import type { McpServerConnection } from "./server-connection";
import { policyAliases } from "./tool-names";

/** The registry's own timeout is a backstop; the MCP request timeout should fire first and say why. */
export const REGISTRY_TIMEOUT_MARGIN_MS = 5_000;

/** The schema the model sees: as given, minus `$schema` (a meta key some model APIs reject). */
function modelFacingSchema(schema: Record<string, unknown>): JsonSchema {
  const { $schema: _, ...rest } = schema;
  return rest;
}

export function mcpTool(definition: McpToolDefinition, name: string, server: McpServerConnection, connectTimeoutMs: number): Tool {
  const inputSchema = definition.inputSchema as Record<string, unknown>;
  const validate = jsonSchemaValidation(inputSchema);
  const hints = definition.annotations ?? {};
  // MCP's defaults: not read-only, and (when not read-only) possibly destructive.
  const readOnly = hints.readOnlyHint ?? false;
  const destructive = !readOnly && (hints.destructiveHint ?? true);
  const aliases = policyAliases(server.name, definition.name);
  return {
    name,
    ...(aliases.length ? { aliases } : {}),
    description: definition.description ?? definition.title ?? `Tool ${definition.name} of MCP server ${server.name}.`,
    parameters: modelFacingSchema(inputSchema),
    validate,
    sideEffects: !readOnly,
    replaySafe: readOnly || hints.idempotentHint === true,
    timeoutMs: connectTimeoutMs + server.heldCallLimitMs + REGISTRY_TIMEOUT_MARGIN_MS,
    annotations: { destructive },
    deferrable: true,
    async run(args, ctx) {
      const checked = validate(args);
      if (!checked.ok) return { status: "error", content: `Invalid arguments for ${name}:\n${checked.error}` };
      return guardedCall(
        server,
        ctx,
        `tool ${definition.name}`,
        () =>
          server.callTool(definition.name, (args ?? {}) as Record<string, unknown>, {
            signal: ctx.signal,
            // Asking for progress makes the SDK send a progressToken with the call.
            onprogress: (p) =>
              ctx.emit({
                type: "tool.progress",
                callId: ctx.callId,
                name,
                progress: p.progress,
                ...(p.total !== undefined && { total: p.total }),
                ...(p.message !== undefined && { message: p.message }),
              }),
          }),
        (result) => mapCallToolResult(result, { server: server.name, tool: definition.name }),
      );
    },
  };
}
