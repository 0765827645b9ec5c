// `mcp__<server>__read_resource`: offered for servers that list resources, so the model can read
// what a tool's resource link points at, or a document the server publishes.
import * as z from "zod";
import type { Tool } from "../agent";
import { mapReadResourceResult } from "./call-result";
import type { ResourceSummary } from "./discovery-cache";
import { guardedCall } from "./guarded-call";
import { jsonSchemaValidation } from "../lib/json-schema-validation";
import { REGISTRY_TIMEOUT_MARGIN_MS } from "./mcp-tool";
import type { McpServerConnection } from "./server-connection";
import { policyAliases } from "./tool-names";

/** The name allowTools/denyTools use for this tool. */
export const READ_RESOURCE = "read_resource";
const LISTED_IN_DESCRIPTION = 20;

/** The arguments once `parameters` accepted them. */
const ReadArgs = z.object({ uri: z.string() });

const parameters = {
  type: "object",
  properties: { uri: { type: "string", description: "The resource URI, as listed or as given in a resource link." } },
  required: ["uri"],
  additionalProperties: false,
};

export function readResourceTool(name: string, resources: ResourceSummary[], server: McpServerConnection, connectTimeoutMs: number): Tool {
  const listed = resources
    .slice(0, LISTED_IN_DESCRIPTION)
    .map((r) => `- ${r.uri} (${r.name}${r.mimeType ? `, ${r.mimeType}` : ""})${r.description ? `: ${r.description}` : ""}`);
  const more = resources.length > LISTED_IN_DESCRIPTION ? [`…and ${resources.length - LISTED_IN_DESCRIPTION} more.`] : [];
  const validate = jsonSchemaValidation(parameters);
  const aliases = policyAliases(server.name, READ_RESOURCE);
  return {
    name,
    ...(aliases.length ? { aliases } : {}),
    description: [`Read a resource of MCP server ${server.name} by URI.`, ...(listed.length ? ["Known resources:", ...listed, ...more] : [])].join("\n"),
    parameters,
    validate,
    sideEffects: false,
    replaySafe: true,
    timeoutMs: connectTimeoutMs + server.config.timeoutMs + REGISTRY_TIMEOUT_MARGIN_MS,
    annotations: { destructive: false },
    deferrable: true,
    async run(args, ctx) {
      const checked = validate(args);
      if (!checked.ok) return { status: "error", content: `Invalid arguments for ${name}:\n${checked.error}` };
      const { uri } = ReadArgs.parse(args);
      return guardedCall(
        server,
        ctx,
        `read of ${uri}`,
        () => server.readResource(uri, ctx.signal),
        (result) => mapReadResourceResult(result, { server: server.name, uri }),
      );
    },
  };
}
