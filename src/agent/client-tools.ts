// Tools a client declares and runs itself (an OpenAI client's function tools): the model is offered them
// beside the agent's own, but the loop never executes one. When the model calls one, the loop stops with
// the pending calls (LoopResult.clientCalls) and the caller hands them to the client; the client's results
// come back as tool messages and the run resumes from its history. A client tool whose name the agent may
// offer (any of its tools, tool_search, think and finish added later, any MCP tool a server may add) is offered
// as `client__<name>`, cut to 64 characters with a hash when it must be, and named back on the way out.
import { HARNESS_TOOL_SIGNATURES } from "./harness-tool-signatures";
import { fitToolName, MCP_TOOL_PREFIX } from "./tool-names";
import { ok, type JsonSchema, type Tool, type ToolRegistry } from "./tools";

/** What a client says of one of its tools. */
export interface ClientToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
  /** The model must keep to `parameters` exactly (OpenAI's strict mode); the schema keeps to its rules. */
  strict?: boolean;
}

/** A call of a client tool the model made, for the client to run: `name` is the client's own name for it. */
export interface ClientCall {
  callId: string;
  name: string;
  /** The arguments as the model wrote them (JSON text). */
  args: string;
}

const PREFIX = "client__";

/** The tool the model is offered for a client's spec, under `name` (the spec's own unless it collides). */
function externalTool(spec: ClientToolSpec, name: string): Tool {
  return {
    name,
    description: spec.description,
    parameters: spec.parameters,
    ...(spec.strict ? { strict: true } : {}),
    external: { name: spec.name },
    // The client checks its own arguments; the loop never runs the tool (this is never called).
    validate: (args) => ({ ok: true, value: args }),
    run: () => ok("This tool runs on the client."),
  };
}

/** The harness's tools a run adds after the client's (tool_search once tools are deferred, react's think and finish). */
const HARNESS_NAMES = new Set(HARNESS_TOOL_SIGNATURES.map((t) => t.name));

/** Adds the client's tools to `tools`, renaming any whose name is taken; returns the model-facing names by client name. */
export function addClientTools(tools: ToolRegistry, specs: readonly ClientToolSpec[]): Map<string, string> {
  const taken = (name: string) => tools.has(name) || HARNESS_NAMES.has(name) || name.startsWith(MCP_TOOL_PREFIX);
  const names = new Map<string, string>();
  for (const spec of specs) {
    const name = taken(spec.name) ? fitToolName(`${PREFIX}${spec.name}`, spec.name, taken) : spec.name;
    tools.add(externalTool(spec, name));
    names.set(spec.name, name);
  }
  return names;
}
