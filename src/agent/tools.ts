// The tool registry: what the model sees of each tool, argument validation, and the rule that a
// tool's failure becomes a result the model can read, never an exception that ends the run.
import * as z from "zod";
import { closedSchema, unknownKeys } from "./closed-arguments";
import { addUsage, emptyUsage, type Emit, type Usage } from "./events";
import type { ToolCall, ToolStatus } from "./messages";
import type { RunState } from "./run-state";

export interface ToolResult {
  status: ToolStatus;
  content: string;
  /** Structured data for channels and the trace; the model sees only `content`. */
  data?: unknown;
  /** Model usage the tool spent (a subagent's calls); it counts in the run's usage. */
  usage?: Usage;
  /** Ends the run with this output once the round's results are in (react's finish, a critic's verdict). */
  endRun?: { output: string };
  /** Set by the output limit when `content` was cut (the whole output is kept for read_tool_output). */
  truncated?: boolean;
}

export interface ToolContext {
  runId: string;
  sessionId: string;
  callId: string;
  signal: AbortSignal;
  emit: Emit;
  /** Facts tools share within one run (for example the URLs fetched so far). */
  runState: RunState;
  /**
   * Asks the run's beforeToolCall hooks (the permission policy) again about this call as if it had `args` (a redirect's target):
   * null when it may go on, else why not. A tool that follows a step the model did not choose uses it
   * so a rule on the arguments cannot be dodged that way.
   */
  recheck?: (args: unknown) => Promise<string | null>;
  /** The registry running the call (set by ToolRegistry.run): tool_search reads its deferred tools. */
  tools?: ToolRegistry;
  /**
   * Tells the registry of model usage as the tool spends it (a subagent's calls), so a call stopped by its
   * timeout or a cancel still counts what it spent; a result's own `usage` is the count when it ends.
   */
  spent?: (usage: Usage) => void;
}

export type JsonSchema = Record<string, unknown>;
export type Validation = { ok: true; value: unknown } | { ok: false; error: string };

export interface Tool {
  name: string;
  description: string;
  /** JSON Schema of the arguments, as the model sees it. */
  parameters: JsonSchema;
  validate(args: unknown): Validation;
  run(args: unknown, ctx: ToolContext): Promise<ToolResult> | ToolResult;
  /** Runs alone, never beside other calls of the same turn. */
  sequential?: boolean;
  /** Changes something outside the run (writes, sends, spends); false says read-only. Read-only subagents drop these. */
  sideEffects?: boolean;
  /** Safe to run again after a crash even if it may have completed. */
  replaySafe?: boolean;
  /** Per-call limit; the registry default applies when absent. */
  timeoutMs?: number;
  /** Hints for permissions (MCP's destructiveHint lands here; its readOnlyHint is `sideEffects`). */
  annotations?: { destructive?: boolean };
  /**
   * Other names permission rules may give it: an MCP tool's plain `mcp__<server>__<tool>` when `name` had to be
   * cut and hashed to fit the model APIs (src/mcp/tool-names.ts). A person writes the plain one.
   */
  aliases?: readonly string[];
  /** The validated arguments as the tool will act on them (a filename as it will be stored), for permission rules. */
  effectiveArgs?: (args: unknown) => unknown;
  /** May be offered by name only, through tool_search, when a run has more than `inlineMax` tools (MCP tools). */
  deferrable?: boolean;
  /** Declared by the client, which runs it (client-tools.ts): the loop never executes it. `name` is the client's own. */
  external?: { name: string };
  /** The model's arguments must keep to `parameters` exactly (OpenAI's strict mode): a client's tool declared so. */
  strict?: boolean;
}

type ToolFlags = Pick<Tool, "sequential" | "sideEffects" | "replaySafe" | "timeoutMs" | "annotations">;

/** JSON Schemas by input schema: a tool built every run from the same schema derives it once per isolate. */
const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();

function jsonSchemaOf(input: z.ZodType): JsonSchema {
  let parameters = jsonSchemas.get(input);
  if (!parameters) {
    const { $schema: _dialect, ...derived } = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as JsonSchema;
    parameters = closedSchema(derived);
    jsonSchemas.set(input, parameters);
  }
  return parameters;
}

/**
 * The spec of a tool, the same object while its parameters, name and description stay the same: a run
 * driven one step per invocation builds its tools again each time, and what is derived from a spec (its
 * wire JSON, its token estimate: providers/openai.ts, context/tokens.ts) is then derived once. One spec is
 * kept per parameters object and name (tools may share a schema), so a description that changes from run
 * to run keeps no others alive.
 */
const specsByParameters = new WeakMap<JsonSchema, Map<string, ToolSpec>>();

function specOf(t: Tool): ToolSpec {
  let byName = specsByParameters.get(t.parameters);
  if (!byName) specsByParameters.set(t.parameters, (byName = new Map()));
  const kept = byName.get(t.name);
  if (kept?.description === t.description && kept.strict === t.strict) return kept;
  const spec = { name: t.name, description: t.description, parameters: t.parameters, ...(t.strict ? { strict: true } : {}) };
  byName.set(t.name, spec);
  return spec;
}

/** `build`'s value per key, built once: an input schema that depends on a config number stays one object, so its JSON Schema is derived once. */
export function memoized<K, V>(build: (key: K) => V): (key: K) => V {
  const built = new Map<K, V>();
  return (key) => {
    let value = built.get(key);
    if (value === undefined) built.set(key, (value = build(key)));
    return value;
  };
}

/**
 * A tool's name and argument schema, known without building the tool (which may need a run or stores):
 * what configuration about tools (permission rules) is checked against before any run starts.
 */
export interface ToolSignature {
  readonly name: string;
  readonly input: z.ZodType;
}

/** The JSON Schema of a signature's arguments, as the model sees it. */
export const signatureParameters = (signature: ToolSignature): JsonSchema => jsonSchemaOf(signature.input);

/** A tool whose arguments are a zod schema: the model sees its JSON Schema, calls are parsed by it. */
export function defineTool<S extends z.ZodType>(
  def: {
    name: string;
    description: string;
    input: S;
    run(args: z.output<S>, ctx: ToolContext): Promise<ToolResult> | ToolResult;
    effectiveArgs?: (args: z.output<S>) => unknown;
  } & ToolFlags,
): Tool {
  const { input, run, effectiveArgs, ...rest } = def;
  const parameters = jsonSchemaOf(input);
  return {
    ...rest,
    parameters,
    validate(args) {
      const unknown = unknownKeys(parameters, args);
      const r = input.safeParse(args);
      if (r.success && !unknown.length) return { ok: true, value: r.data };
      // A misspelt key is named beside what the schema then misses (`expr` sent, `expression` required).
      const errors = unknown.length ? [`✖ Unrecognized key${unknown.length > 1 ? "s" : ""}: ${unknown.map((k) => `"${k}"`).join(", ")}`] : [];
      if (!r.success) errors.push(z.prettifyError(r.error));
      return { ok: false, error: errors.join("\n") };
    },
    run: (args, ctx) => run(args as z.output<S>, ctx),
    ...(effectiveArgs ? { effectiveArgs: (args: unknown) => effectiveArgs(args as z.output<S>) } : {}),
  };
}

export const ok = (content: string, data?: unknown): ToolResult => ({ status: "success", content, data });
export const fail = (content: string, data?: unknown): ToolResult => ({ status: "error", content, data });

/** What a model is told of a tool, in no provider's format: providers convert it to their wire. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
  /** Sent as strict: true (OpenAI's strict mode); absent, the provider's own default for the agent's tools. */
  strict?: boolean;
}

export class ToolRegistry {
  private tools = new Map<string, Tool>();
  private specCache: ToolSpec[] | undefined;

  constructor(
    tools: Iterable<Tool> = [],
    readonly defaultTimeoutMs = 60_000,
    /** Past this many tools, the deferrable ones are deferred (docs/harness.md "Tool search"). */
    readonly inlineMax = Number.POSITIVE_INFINITY,
  ) {
    for (const t of tools) this.add(t);
  }

  /** Adds a tool whose name no tool here has: taking a held name would silently swap what the model calls. */
  add(tool: Tool): this {
    if (this.tools.has(tool.name)) throw new Error(`A tool named ${tool.name} is already registered.`);
    return this.replace(tool);
  }

  /** Adds a tool, or puts it in the place of the one of its name: for a caller that rebuilds a tool on purpose. */
  replace(tool: Tool): this {
    this.tools.set(tool.name, tool);
    this.specCache = undefined;
    return this;
  }

  remove(name: string): boolean {
    this.specCache = undefined;
    return this.tools.delete(name);
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  list(): Tool[] {
    return [...this.tools.values()];
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** A new registry holding the tools that pass `keep` (subagents, read-only modes). */
  filter(keep: (t: Tool) => boolean): ToolRegistry {
    return new ToolRegistry(this.list().filter(keep), this.defaultTimeoutMs, this.inlineMax);
  }

  /** The tools offered by name only (through tool_search): the deferrable ones, once there are more than `inlineMax` tools. */
  deferred(): Tool[] {
    if (this.tools.size <= this.inlineMax) return [];
    return this.list().filter((t) => t.deferrable);
  }

  /** What the model is told of the tools; cached until the set changes (it is built every step). */
  specs(): ToolSpec[] {
    this.specCache ??= this.list().map(specOf);
    return this.specCache;
  }

  /** Parses and validates a call; an error names what was wrong so the model can fix it. */
  prepare(call: ToolCall): { tool: Tool; args: unknown } | { error: string } {
    const tool = this.tools.get(call.name);
    if (!tool) {
      return { error: `Unknown tool "${call.name}". Available tools: ${this.names().join(", ") || "(none)"}.` };
    }
    let raw: unknown;
    try {
      raw = call.args.trim() === "" ? {} : JSON.parse(call.args);
    } catch (e) {
      return { error: `Arguments for ${call.name} are not valid JSON (${e instanceof Error ? e.message : String(e)}). Send a JSON object.` };
    }
    const v = tool.validate(raw);
    if (!v.ok) return { error: `Invalid arguments for ${call.name}:\n${v.error}` };
    return { tool, args: v.value };
  }

  /** Runs a prepared call with its timeout; a throw or a timeout becomes an error result. */
  async run(tool: Tool, args: unknown, ctx: ToolContext): Promise<ToolResult> {
    const ms = tool.timeoutMs ?? this.defaultTimeoutMs;
    const controller = new AbortController();
    let spentSoFar: Usage | undefined;
    const spent = (usage: Usage) => void (spentSoFar = addUsage(spentSoFar ?? emptyUsage(), usage));
    let onAbort = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // A tool that ignores its signal still cannot hold the run past a timeout or a cancel.
      const stop = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          // The Web platform's timeout reason, as AbortSignal.timeout gives it.
          const err = new DOMException(`tool ${tool.name} timed out after ${ms} ms`, "TimeoutError");
          controller.abort(err);
          reject(err);
        }, ms);
        onAbort = () => {
          controller.abort(ctx.signal.reason);
          reject(new Error("the run was cancelled"));
        };
        if (ctx.signal.aborted) onAbort();
        else ctx.signal.addEventListener("abort", onAbort, { once: true });
      });
      return await Promise.race([Promise.resolve().then(() => tool.run(args, { ...ctx, signal: controller.signal, tools: this, spent })), stop]);
    } catch (e) {
      const failed = fail(`Tool ${tool.name} failed: ${e instanceof Error ? e.message : String(e)}`);
      return spentSoFar ? { ...failed, usage: spentSoFar } : failed;
    } finally {
      clearTimeout(timer);
      ctx.signal.removeEventListener("abort", onAbort);
    }
  }
}
