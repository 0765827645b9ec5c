// The one path every channel takes to run the agent: HTTP, the OpenAI-compatible endpoint, Telegram,
// Slack, cron courses and the web page all call startRun and consume the same events.
import type { Env } from "../../env";
import { reservedIdMessage, reservedKind } from "../../lib/derived-ids";
import { HttpError, notFound } from "../../lib/http-error";
import type { RunDedupe } from "./request-dedupe";

export { ParadigmSchema } from "../../agent";
import type { RunOptions } from "../session-store";
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

export async function startRun(env: Env, sessionId: string, input: string, options: RunOptions, dedupe: RunDedupe = {}): Promise<RunHandle> {
  const stub = sessionStub(env, sessionId);
  // Another tenant's session is as good as absent, and cannot be created under the same id.
  const started = await stub.startRun(sessionId, input, options, dedupe);
  if (!started) throw notFound(`session ${sessionId}`);
  return runHandle(stub, sessionId, started);
}

/**
 * The handle of a run a session started or found again; an Idempotency-Key reused with another body is
 * 422, a reserved session id this caller did not derive 400 reserved_id.
 */
export function runHandle(stub: ReturnType<typeof sessionStub>, sessionId: string, started: StartedRun): RunHandle {
  if ("reused" in started) {
    throw new HttpError(422, "idempotency_key_reused", "This Idempotency-Key was used with a different request body; use a new key for a new request.");
  }
  if ("reserved" in started) throw reservedIdError(sessionId);
  const { runId, replayed } = started;
  return {
    runId,
    replayed,
    events: async (after = 0, format: StreamFormat = "ndjson") => (await stub.streamRun(runId, after, format))!,
    result: async () => (await stub.waitRun(runId))!,
  };
}

/** 400 reserved_id: an API caller named a session id of a derived id's shape (src/lib/derived-ids.ts). */
export function reservedIdError(sessionId: string): HttpError {
  const kind = reservedKind(sessionId);
  return new HttpError(400, "reserved_id", kind ? reservedIdMessage(sessionId, kind) : `The id ${sessionId.slice(0, 140)} is reserved.`);
}
