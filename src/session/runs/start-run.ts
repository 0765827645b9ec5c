// The one path every channel takes to run the agent: HTTP, the OpenAI-compatible endpoint, Telegram,
// Slack, cron courses and the web page all call startRun and consume the same events.
import type { Env } from "../../env";
import { CodedError } from "../../lib/coded-error";
import { succeed, type Outcome, type Refusal } from "../../lib/outcome";
import type { RunDedupe } from "./request-dedupe";

export { ParadigmSchema } from "../../agent";
import type { RunOptions } from "./run-row";
import type { RunView, StartedRun } from "./run-views";
import type { StreamFormat } from "../trace/stream-events";

export interface RunHandle {
  runId: string;
  /** True when a repeated request got an earlier run back (request-dedupe.ts) instead of a new one. */
  replayed: boolean;
  /** The run's events (NDJSON, or SSE for a client: see stream-events.ts) after trace seq `after`, then live. */
  events(after?: number, format?: StreamFormat): Promise<ReadableStream<Uint8Array>>;
  /** Resolves when the run ends or waits for approval. */
  result(): Promise<RunView>;
}

export function sessionStub(env: Env, sessionId: string) {
  return env.SESSIONS.getByName(sessionId);
}

/**
 * Why a session starts no run: another tenant's session (as good as absent), an Idempotency-Key reused with
 * another body, a reserved id (src/lib/derived-ids.ts) the caller did not derive, a Regenerate that cannot
 * redo the latest turn (request-dedupe.ts: another request, or a turn still under way), or a run that was to
 * follow the session's latest (`continues`) when another followed it first.
 */
export type StartRefusal = Refusal<"not_found" | "idempotency_key_reused" | "reserved_id" | "history_mismatch" | "run_active" | "not_latest">;

/**
 * Starts a run, or says why not; each channel answers a refusal its own way (the HTTP routes with its error).
 * `follow`: the caller streams the run from its start in this format, so the session opens the stream in
 * the same call (one call to the Durable Object instead of two); the handle's first `events(0, follow)` gets it.
 * `continues`: the run is to follow that one, and starts only while it is the session's latest (null: while the
 * session has no run; SessionObject.startRun).
 */
export async function startRun(
  env: Env,
  sessionId: string,
  input: string,
  options: RunOptions,
  dedupe: RunDedupe = {},
  follow?: StreamFormat,
  continues?: string | null,
): Promise<Outcome<RunHandle, StartRefusal["code"]>> {
  const stub = sessionStub(env, sessionId);
  const started = await stub.startRun(sessionId, input, options, dedupe, follow, continues);
  return started.ok ? succeed(runHandle(stub, started, follow)) : started;
}

/** A run deleted (its session with it) while someone still followed it. */
function gone(runId: string): never {
  throw new CodedError("not_found", `run ${runId} not found`);
}

/** The handle of a run a session started or found again; `opened` in `follow`'s format when the start opened its stream. */
export function runHandle(stub: ReturnType<typeof sessionStub>, { runId, replayed, events: opened }: StartedRun, follow?: StreamFormat): RunHandle {
  let unread = opened;
  return {
    runId,
    replayed,
    events: async (after = 0, format: StreamFormat = "ndjson") => {
      if (unread && after === 0 && format === follow) {
        const stream = unread;
        unread = undefined;
        return stream;
      }
      return (await stub.streamRun(runId, after, format)) ?? gone(runId);
    },
    result: async () => (await stub.waitRun(runId)) ?? gone(runId),
  };
}
