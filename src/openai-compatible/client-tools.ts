// Client-defined tools on the OpenAI wires (docs/openai-compatible.md#client-tools): a request's function
// tools (a strict one held to strict mode's rules), `tool_choice` and `parallel_tool_calls` read into
// ClientTools (anything else refused with the field at fault); the ids of the calls handed to the client,
// which name the session, run and call that wait for the result (as response ids do), so a client that keeps
// its own history resumes the same run; and the calls a paused run hands over, as a wire shows them.
// /v1/ui/chat reads its tools and results through the same rules (ui-client-tools.ts).
import * as z from "zod";
import { MAX_MODEL_TOOLS, type ClientToolSpec, type JsonSchema, type ToolChoice, type ToolStatus } from "../agent";
import type { ClientToolResult, PendingClientCall } from "../session/interactions/client-tool-calls";
import type { RunView } from "../session/runs/run-views";
import type { ClientTools } from "../session/runs/run-row";
import { Id } from "../http-kit/validation";
import { KNOWN_TOOLS } from "../tools";
import { refuseDeepSchema } from "./client-schema-depth";
import { refuseNonStrictSchema } from "./strict-tool-schema";
import { ParamError } from "./openai-errors";
import { packRef, unpackRef } from "./wire-ref";

/**
 * The most tools a request may declare: one model request carries MAX_MODEL_TOOLS at most, and each tool the
 * agent may offer that is never deferred (KNOWN_TOOLS: built-ins, skills, the harness's, tool_search, think and
 * finish) takes one of them. More would have to be cut, and a client's tool is never cut.
 */
export const MAX_CLIENT_TOOLS = MAX_MODEL_TOOLS - KNOWN_TOOLS.length;
/** Why a request with more is refused, on every wire. */
export const TOO_MANY_CLIENT_TOOLS = `at most ${MAX_CLIENT_TOOLS} tools: a model request carries ${MAX_MODEL_TOOLS} at most, and the agent's own ${KNOWN_TOOLS.length} take the rest`;

/** OpenAI's rule for function names. */
export const FunctionName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "a function name is 1-64 letters, digits, _ or -");
// Strict: a field of a tool the server does not read would be dropped without a word.
const FunctionDef = z.strictObject({
  name: FunctionName,
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  strict: z.boolean().nullish(),
});
/** Chat Completions nests the function; the Responses API flattens it, and says how it is loaded and called. */
const ChatTool = z.strictObject({ type: z.literal("function"), function: FunctionDef });
const ResponsesTool = FunctionDef.extend({
  type: z.literal("function"),
  defer_loading: z.boolean().optional(),
  async: z.boolean().optional(),
  allowed_callers: z.array(z.enum(["direct", "programmatic"])).nullish(),
  output_schema: z.record(z.string(), z.unknown()).nullish(),
});

/** The Responses function tool's fields this server cannot honour, refused when set to more than their off value. */
const UNHONOURED_TOOL_FIELDS: ReadonlyArray<{ field: string; refused: (v: unknown) => boolean; why: string }> = [
  { field: "defer_loading", refused: (v) => v === true, why: "client tools are all offered to the model at once; none is loaded through tool search" },
  { field: "async", refused: (v) => v === true, why: "a client tool's call is answered before the run goes on" },
  { field: "allowed_callers", refused: (v) => Array.isArray(v) && !v.includes("direct"), why: "the model calls client tools directly here" },
  { field: "output_schema", refused: (v) => v != null, why: "a tool's output schema is not given to the model here; describe its output in its description" },
];

const Mode = z.enum(["auto", "none", "required"]);
const ChatChoice = z.union([Mode, z.object({ type: z.literal("function"), function: z.object({ name: z.string() }) })]);
const ResponsesChoice = z.union([Mode, z.object({ type: z.literal("function"), name: z.string() })]);

export type ToolWire = "chat" | "responses";

/** The fields of a request that speak of tools, as sent. */
export interface ToolFields {
  tools?: unknown;
  tool_choice?: unknown;
  parallel_tool_calls?: unknown;
}

/**
 * The request's client tools, and how the model may call tools (the agent's own too); undefined when it declares
 * no tools and says nothing that applies to the agent's (`tool_choice` auto or absent, no `parallel_tool_calls`).
 * `maxDepth`: JSON_SCHEMA_MAX_DEPTH, which every tool's parameters keep to.
 */
export function readClientTools(req: ToolFields, wire: ToolWire, maxDepth: number): ClientTools | undefined {
  const list = req.tools ?? [];
  if (!Array.isArray(list)) throw new ParamError("invalid_request", "tools must be an array of function tools.", "tools");
  if (list.length > MAX_CLIENT_TOOLS) throw new ParamError("invalid_request", `tools: ${TOO_MANY_CLIENT_TOOLS} (${list.length} sent).`, "tools");
  const specs = list.map((raw, i) => readTool(raw, i, wire, maxDepth));
  const twice = repeatedName(specs);
  if (twice >= 0) throw new ParamError("invalid_request", `tools[${twice}]: the name ${specs[twice]!.name} is declared twice.`, `tools[${twice}]`);
  const names = new Set(specs.map((s) => s.name));
  const choice = readChoice(req.tool_choice, wire);
  if (req.parallel_tool_calls != null && typeof req.parallel_tool_calls !== "boolean")
    throw new ParamError("invalid_request", "parallel_tool_calls must be a boolean.", "parallel_tool_calls");
  if (typeof choice === "object" && !names.has(choice.name))
    throw new ParamError("invalid_request", `tool_choice names ${choice.name}, which is not one of the request's tools.`, "tool_choice");
  if (!specs.length && (choice === "required" || typeof choice === "object"))
    throw new ParamError("invalid_request", "tool_choice needs tools to choose from.", "tool_choice");
  const parallel = typeof req.parallel_tool_calls === "boolean" ? { parallelToolCalls: req.parallel_tool_calls } : {};
  // Without tools of its own, a client still speaks for the agent's: `none` offers the model no tool at all,
  // and parallel_tool_calls goes to the model with the agent's tools.
  if (!specs.length && choice !== "none" && !("parallelToolCalls" in parallel)) return undefined;
  return { tools: specs, ...(choice ? { toolChoice: choice } : {}), ...parallel };
}

function readTool(raw: unknown, i: number, wire: ToolWire, maxDepth: number): ClientToolSpec {
  const type = typeof raw === "object" && raw !== null && "type" in raw ? raw.type : undefined;
  if (type !== "function")
    throw new ParamError(
      "unsupported_parameter",
      `tools[${i}]: tools of type '${String(type)}' are not supported: this agent runs its own tools (web search among them); a client may declare function tools.`,
      `tools[${i}].type`,
    );
  const parsed = (wire === "chat" ? ChatTool : ResponsesTool).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = [`tools[${i}]`, ...issue.path.map(String)].join(".");
    throw new ParamError("invalid_request", `${param}: ${issue.message}`, param);
  }
  for (const { field, refused, why } of UNHONOURED_TOOL_FIELDS)
    if (refused((parsed.data as Record<string, unknown>)[field]))
      throw new ParamError("unsupported_parameter", `tools[${i}].${field}: ${why}.`, `tools[${i}].${field}`);
  const fn = "function" in parsed.data ? parsed.data.function : parsed.data;
  const param = wire === "chat" ? `tools[${i}].function.parameters` : `tools[${i}].parameters`;
  refuseDeepSchema(fn.parameters, param, maxDepth);
  const spec = clientToolSpec(fn.name, fn.description, fn.parameters, fn.strict === true);
  if (spec.strict) refuseNonStrictSchema(spec.parameters, param);
  return spec;
}

/**
 * A client's tool as the model is offered it: no description is an empty one, no schema takes no arguments
 * (a strict one says so in strict mode's terms), `strict` is sent only when asked.
 */
export const clientToolSpec = (
  name: string,
  description: string | null | undefined,
  parameters: JsonSchema | null | undefined,
  strict = false,
): ClientToolSpec => ({
  name,
  description: description ?? "",
  parameters: parameters ?? (strict ? { type: "object", properties: {}, required: [], additionalProperties: false } : { type: "object", properties: {} }),
  ...(strict ? { strict } : {}),
});

/** The index of the first tool whose name an earlier one has; -1 when every name differs. */
export function repeatedName(specs: ReadonlyArray<{ name: string }>): number {
  const seen = new Set<string>();
  return specs.findIndex(({ name }) => {
    if (seen.has(name)) return true;
    seen.add(name);
    return false;
  });
}

function readChoice(raw: unknown, wire: ToolWire): ToolChoice | undefined {
  if (raw == null) return undefined;
  const parsed = (wire === "chat" ? ChatChoice : ResponsesChoice).safeParse(raw);
  if (!parsed.success) {
    const type = typeof raw === "object" && "type" in raw ? String(raw.type) : undefined;
    if (type && type !== "function")
      throw new ParamError("unsupported_parameter", `tool_choice of type '${type}' is not supported; use auto, none, required or a function.`, "tool_choice");
    throw new ParamError("invalid_request", "tool_choice must be auto, none, required or a function by name.", "tool_choice");
  }
  const c = parsed.data;
  if (typeof c === "string") return c;
  return { name: "function" in c ? c.function.name : c.name };
}

// ---- call ids

export interface CallRef {
  sessionId: string;
  runId: string;
  callId: string;
}

const CALL_PREFIX = "call_";

/** The id a client gets for a call of its tool: it names the session, run and call waiting for the result. */
export const wireCallId = (ref: CallRef): string => packRef(CALL_PREFIX, [ref.sessionId, ref.runId, ref.callId]);

/** The call a client's result answers; undefined for an id this server did not hand out. */
export function readWireCallId(id: string): CallRef | undefined {
  const [sessionId, runId, ...call] = unpackRef(CALL_PREFIX, id) ?? [];
  if (!Id.safeParse(sessionId).success || !Id.safeParse(runId).success || !call.length) return undefined;
  return { sessionId: sessionId!, runId: runId!, callId: call.join("/") };
}

/** Where a request's results go: the run they resume, and the results by the run's own call ids. */
export interface ClientResults {
  sessionId: string;
  runId: string;
  results: ClientToolResult[];
}

/**
 * The results a request ends with (its trailing tool messages, function_call_output items or a useChat
 * message's tool outputs), with the `param` of each: they must all answer calls of one paused run of this server.
 */
export function readClientResults(results: ReadonlyArray<{ callId: string; output: string; status?: ToolStatus; param: string }>): ClientResults {
  let target: { sessionId: string; runId: string } | undefined;
  const out: ClientToolResult[] = [];
  for (const r of results) {
    const ref = readWireCallId(r.callId);
    if (!ref || (target && (ref.sessionId !== target.sessionId || ref.runId !== target.runId)))
      throw new ParamError("tool_call_not_found", `${r.param}: ${r.callId} names no tool call of a run waiting for its result.`, r.param);
    target ??= ref;
    out.push({ callId: ref.callId, output: r.output, ...(r.status ? { status: r.status } : {}) });
  }
  if (!target) throw new ParamError("invalid_request", "No tool results were sent.", null);
  return { ...target, results: out };
}

/** The calls a paused run waits for the client to run, with their wire ids. */
export function clientCallsOf(view: RunView, sessionId: string): Array<PendingClientCall & { wireId: string }> {
  if (view.status !== "awaiting_client_tools") return [];
  return (view.pending ?? []).flatMap((p) =>
    "kind" in p && p.kind === "client_tool" ? [{ ...p, wireId: wireCallId({ sessionId, runId: view.runId, callId: p.callId }) }] : [],
  );
}
