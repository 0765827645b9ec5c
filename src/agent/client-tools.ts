// Tools a client declares and runs itself (an OpenAI client's function tools): the model is offered them
// beside the agent's own, but the loop never executes one. When the model calls one, the loop stops with
// the pending calls (LoopResult.clientCalls) and the caller hands them to the client; the client's results
// come back as tool messages and the run resumes from its history. A client tool whose name an agent tool
// already has is offered as `client__<name>` (then `client__<name>_2`, …), and named back on the way out.
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

/** Adds the client's tools to `tools`, renaming any whose name is taken; returns the model-facing names by client name. */
export function addClientTools(tools: ToolRegistry, specs: readonly ClientToolSpec[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const spec of specs) {
    let name = tools.has(spec.name) ? `${PREFIX}${spec.name}` : spec.name;
    for (let i = 2; tools.has(name); i++) name = `${PREFIX}${spec.name}_${i}`;
    tools.add(externalTool(spec, name));
    names.set(spec.name, name);
  }
  return names;
}
