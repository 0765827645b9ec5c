// A run's row in the session's \`runs\` table (session-store.ts writes it): what it was started with, where it stands, what it used.
import type { ClientToolSpec, ErrorInfo, ImageRef, Message, Paradigm, ResponseFormat, RunStatus, Sampling, ToolChoice, Usage } from "../../agent";
import type { Tenant } from "../../lib/tenant";
import type { RunRecipe } from "./run-recipe";

export interface RunRow {
  runId: string;
  status: RunStatus;
  input: string;
  options: RunOptions;
  output: string;
  steps: number;
  usage: Usage;
  /** Every model call's usage by model (subagents, summaries and checks included); absent before the first. */
  usageByModel?: Record<string, Usage>;
  error?: ErrorInfo;
  /** Running because its pause was settled (not because it was lost to a restart); see run-lifecycle.ts. */
  resume: boolean;
  /** What an unfinished run learnt in its earlier invocations: its RunState's snapshot (run-driver.ts). */
  state?: string;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
}

/** What a status change writes besides the status (run-store.ts move): absent fields stay; `error: null` clears it. */
export interface RunPatch {
  output?: string;
  steps?: number;
  usage?: Usage;
  error?: ErrorInfo | null;
  /** The run's execution starts now: started_at. */
  started?: boolean;
}

export interface RunOptions {
  stream: boolean;
  paradigm: Paradigm;
  maxSteps: number;
  /** Where the run came from (http, openai, telegram, slack, cron, web), for the trace and delivery. */
  channel?: string;
  /** Who starts the run: a session of another tenant refuses it; a new session belongs to it. Absent: the admin. */
  tenant?: Tenant;
  /**
   * The session id is one the caller's code derived (src/lib/derived-ids.ts: a bot chat's, a course's, a
   * hashed request's): only such a caller may create a session under a reserved id. Never set from input.
   */
  derivedSession?: boolean;
  /** No person watches the run (a course's scheduled runs): an `ask` rule resolves by UNATTENDED_ASK instead of waiting. */
  unattended?: boolean;
  /** Overrides the session's system prompt (the OpenAI-compatible endpoint's own system messages). */
  system?: string;
  /** The caller's guidance, added to the system prompt (the Responses API's `instructions` and system/developer items). */
  guidance?: string;
  /** The Responses API's `instructions` field alone, which the response echoes (its system/developer items are guidance only). */
  instructions?: string;
  /** The origin of the request that started the run: its MCP OAuth redirect URIs point there (PUBLIC_URL wins). */
  origin?: string;
  /** Makes the run a recipe's (run-recipe.ts): its own small conversation and output tool, e.g. learning's model grading. */
  recipe?: RunRecipe;
  /**
   * The request's own messages before its input (a Responses request's earlier items), stored with the run's
   * user message, just before it: in a session that exists, that is after the runs started before this one.
   */
  earlier?: Message[];
  /** Images the input carries, already stored (src/images/): the user's message keeps their keys. */
  images?: ImageRef[];
  /** The input's author (a Chat Completions user message's `name`): the user's message keeps it. */
  inputName?: string;
  /** The shape the answer must take (an OpenAI client's response_format / text.format): src/agent/answer-format.ts. */
  answerFormat?: ResponseFormat;
  /**
   * How the model samples (an OpenAI client's temperature, top_p, seed, penalties, reasoning effort, verbosity,
   * token cap, …): every call of the run. A reasoning summary asked for also makes the run keep its reasoning (run-executor.ts).
   */
  sampling?: Sampling;
  /** The client's own tools (client-tool-calls.ts) and how it lets the model call tools; a resume replaces them with the resuming request's. */
  clientTools?: ClientTools;
  /** A Responses API run: what its response repeats of the request beyond the fields above (GET /v1/responses/:id answers it). */
  echo?: ResponseEcho;
}

/**
 * The fields of a Responses API request that its response repeats and no other option keeps (its instructions
 * are `guidance`, its text.format `answerFormat`, its tools `clientTools`). Small: `metadata` keeps to the API's limits.
 */
export interface ResponseEcho {
  background: boolean;
  store: boolean;
  metadata: Record<string, string>;
  previousResponseId: string | null;
  conversation: string | null;
  truncation: "auto" | "disabled";
  maxOutputTokens: number | null;
}

/** What an OpenAI client's request says of the answer: its system text (as guidance), its format and its sampling. A request resuming a run replaces the run's with them. */
export type AnswerSettings = Pick<RunOptions, "guidance" | "instructions" | "answerFormat" | "sampling">;

/**
 * A run's options as a request that resumes it leaves them: its client tools (null: none; absent: the run's
 * stay), its streaming, and, from a wire that sends them, its guidance and answer format in place of the run's.
 */
export function resumedOptions(options: RunOptions, change: { clientTools?: ClientTools | null; stream?: boolean; answer?: AnswerSettings }): RunOptions {
  const next: RunOptions = { ...options, ...(change.stream === undefined ? {} : { stream: change.stream }) };
  if (change.clientTools) next.clientTools = change.clientTools;
  else if (change.clientTools === null) delete next.clientTools;
  if (change.answer) {
    delete next.guidance;
    delete next.instructions;
    delete next.answerFormat;
    delete next.sampling;
    Object.assign(next, change.answer);
  }
  return next;
}

/** What an OpenAI client's request says of tools: its function tools, `tool_choice` (a named one by the client's name), `parallel_tool_calls`. */
export interface ClientTools {
  tools: ClientToolSpec[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
}

/** A row of the `runs` table as read from SQLite. */
export function toRun(r: Record<string, SqlStorageValue>): RunRow {
  return {
    runId: String(r.id),
    status: r.status as RunStatus,
    input: String(r.input),
    options: JSON.parse(String(r.options)) as RunOptions,
    output: String(r.output),
    steps: Number(r.steps),
    usage: JSON.parse(String(r.usage)) as Usage,
    ...(r.usage_by_model ? { usageByModel: JSON.parse(String(r.usage_by_model)) as Record<string, Usage> } : {}),
    ...(r.error && r.error !== "null" ? { error: JSON.parse(String(r.error)) as ErrorInfo } : {}),
    resume: Number(r.resume) === 1,
    ...(r.state ? { state: String(r.state) } : {}),
    createdAt: String(r.created_at),
    ...(r.started_at ? { startedAt: String(r.started_at) } : {}),
    ...(r.finished_at ? { finishedAt: String(r.finished_at) } : {}),
  };
}
