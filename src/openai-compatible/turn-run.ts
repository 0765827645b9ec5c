// One turn of an OpenAI-compatible request (Chat Completions or Responses) as a run: in a named
// session, in a new session seeded with the conversation the client sent, or in a throwaway session
// (stateless). Both wire formats start and follow runs through here and differ only in how they render.
import type { Message } from "../agent";
import type { Env } from "../env";
import { HttpError } from "../http-kit/errors";
import { disposeStatelessRun, startEphemeralRun } from "../session/runs/ephemeral-run";
import type { RunDedupe } from "../session/runs/request-dedupe";
import type { AnswerSettings, ClientTools, RunOptions } from "../session/runs/run-row";
import type { SessionState } from "../session/session-store";
import { runHandle, sessionStub, startRun, type RunHandle } from "../session/runs/start-run";
import type { Tenant } from "../lib/tenant";
import { DERIVED_IDS, reservedKind } from "../lib/derived-ids";
import type { ClientResults } from "./client-tools";
import { ParamError } from "./openai-errors";
import { readStreamRows, type StreamRow } from "../session/trace/stream-events";

export type TurnPlace =
  /**
   * A session that keeps the conversation; `seed` (and a fork's `state`) is written first when the session
   * is new. `derived`: the id was derived here (a conversation found by its turns, a new Responses
   * conversation), not named by the client. `continues`: the turn follows that run of the session (a
   * Responses previous_response_id; null: the session's first, new-conversation-place.ts), and the session starts it only while that is its latest, in the step
   * that starts it; when another turn followed that run first, this one goes to the place `branch` gives
   * (without one: 409 conflict).
   */
  | {
      kind: "session";
      sessionId: string;
      seed?: readonly Message[];
      state?: SessionState;
      derived?: boolean;
      continues?: { runId: string | null; branch?: () => Promise<TurnPlace> };
    }
  /** Stateless: the client's history goes into a session deleted once the reply is written. */
  | { kind: "stateless"; history: readonly Message[] };

export interface TurnRun {
  handle: RunHandle;
  sessionId: string;
  /** Called once the reply is written or abandoned: a stateless run's session is deleted. */
  end(): void;
  /** Called before the last of a whole reply is written to a client still there (a conversation records that its client got it). */
  delivered?(): Promise<void>;
  /** A resumed run: the trace seq its reply's events follow. */
  after?: number;
}

/** Starts the turn's run; `dedupe` makes a repeated request (Idempotency-Key, an automatic retry) get the earlier run back. */
export async function startTurn(
  env: Env,
  ctx: { waitUntil(p: Promise<unknown>): void },
  place: TurnPlace,
  input: string,
  options: RunOptions,
  dedupe: RunDedupe,
): Promise<TurnRun> {
  if (place.kind === "session") {
    const derived = place.derived === true;
    // A new session starts with the client's conversation, owned by the caller's tenant.
    if (place.seed?.length || place.state)
      await sessionStub(env, place.sessionId).create(place.sessionId, {}, place.seed, options.tenant ?? null, derived, place.state);
    const handle = await startRun(
      env,
      place.sessionId,
      input,
      derived ? { ...options, derivedSession: true } : options,
      dedupe,
      undefined,
      place.continues?.runId,
    );
    if (!handle.ok && handle.code === "not_latest" && place.continues?.branch)
      return startTurn(env, ctx, await place.continues.branch(), input, options, dedupe);
    if (!handle.ok) throw HttpError.of(handle);
    return { handle, sessionId: place.sessionId, end: () => {} };
  }
  const run = await startEphemeralRun(env, place.history, input, options, dedupe);
  if (!run.ok) throw HttpError.of(run);
  return { handle: run, sessionId: run.sessionId, end: () => ctx.waitUntil(run.dispose()) };
}

/** What the resuming request asks of the rest of the run. */
export interface ResumeRequest {
  tools: ClientTools | undefined;
  stream: boolean;
  tenant: Tenant;
  /** The field the results came in, named by a refusal. */
  param: string;
  /** Its system text and answer format, which replace the run's; absent on a wire that sends neither (/v1/ui/chat). */
  answer?: AnswerSettings;
}

/**
 * Resumes the run waiting for the client's tool results (client-tools.ts) with them: the turn follows the
 * run from where the results went in. A stateless session is released again once the reply is written.
 */
export async function resumeTurn(env: Env, ctx: { waitUntil(p: Promise<unknown>): void }, to: ClientResults, resume: ResumeRequest): Promise<TurnRun> {
  const stub = sessionStub(env, to.sessionId);
  const outcome = await stub.resumeWithClientResults(to.runId, to.results, resume.tools, resume.stream, resume.tenant, resume.answer);
  if (!outcome.ok) throw new ParamError(outcome.code, outcome.message, resume.param);
  const handle = runHandle(stub, { runId: to.runId, replayed: false });
  const stateless = reservedKind(to.sessionId) === DERIVED_IDS.ephemeral;
  return {
    handle: { ...handle, events: (after = outcome.seq, format) => handle.events(after, format) },
    sessionId: to.sessionId,
    after: outcome.seq,
    end: () => (stateless ? ctx.waitUntil(disposeStatelessRun(stub, to.runId)) : undefined),
  };
}

/** The run's events, and a way to stop following them from outside the loop that reads them. */
export async function followRun(handle: RunHandle): Promise<{ events: AsyncIterable<StreamRow>; stop(reason: unknown): Promise<void> }> {
  const reader = (await handle.events()).getReader();
  // Cancelling the reader ends a pending read, which closes this stream and ends the reading loop.
  const bytes = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return { events: readStreamRows(bytes), stop: (reason) => reader.cancel(reason) };
}

const encoder = new TextEncoder();

/**
 * A text/event-stream body that follows the run: `write` renders its events in the client's wire format
 * through `send` (one SSE frame each). A client that goes away stops the following (a session's run goes
 * on; a stateless one is ended), and the turn is ended once, whichever way the stream finishes.
 */
export function followedStream(
  run: TurnRun,
  write: (events: AsyncIterable<StreamRow>, send: (frame: string) => void) => Promise<void>,
): ReadableStream<Uint8Array> {
  let stop: ((reason: unknown) => Promise<void>) | undefined;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        const followed = await followRun(run.handle);
        stop = followed.stop;
        await write(followed.events, (frame) => controller.enqueue(encoder.encode(frame)));
        controller.close();
      } catch (err) {
        controller.error(err);
      } finally {
        run.end();
      }
    },
    cancel(reason) {
      return stop?.(reason);
    },
  });
}
