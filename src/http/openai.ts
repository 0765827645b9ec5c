// The OpenAI-compatible endpoint: POST /v1/chat/completions and GET /v1/models in the Chat
// Completions wire format, so any OpenAI client or chat front end uses the agent as model
// `study-agent`. Each request is one run through startRun; the reply is the run's text with its tool
// activity as progress lines (chat-content.ts).
import { Hono, type Context } from "hono";
import { startEphemeralRun } from "../session/ephemeral-run";
import { startRun, type RunHandle } from "../session/start-run";
import { readStreamRows, type StreamRow } from "../session/stream-events";
import type { AppEnv } from "./app-env";
import { chatContent } from "./chat-content";
import { idempotencyKeyOf, REPLAYED_HEADER } from "./idempotency-key";
import { openAIErrorBody, ParamError } from "./openai-errors";
import { readChatTurn, type ChatTurn } from "./openai-request";
import { chunk, completion, finishReasonOf, MODEL_ID, modelEntry, replyIdentity, usageChunk, type ReplyIdentity } from "./openai-wire";

const encoder = new TextEncoder();

export const openAIRoutes = new Hono<AppEnv>()
  .get("/models", (c) => c.json({ object: "list", data: [modelEntry()] }))
  .get("/models/:model", (c) => {
    if (c.req.param("model") !== MODEL_ID) throw new ParamError(404, "model_not_found", `The model '${c.req.param("model")}' does not exist.`, "model");
    return c.json(modelEntry());
  })
  .post("/chat/completions", async (c) => {
    const turn = await readChatTurn(c);
    const run = await startTurn(c, turn);
    const headers: Record<string, string> = {
      "x-run-id": run.handle.runId,
      ...(turn.sessionId ? { "x-session-id": turn.sessionId } : {}),
      ...(run.handle.replayed ? { [REPLAYED_HEADER]: "true" } : {}),
    };
    const who = replyIdentity(run.handle.runId);
    if (turn.stream) return new Response(completionStream(run, turn, who), { headers: { ...headers, ...SSE_HEADERS } });

    let content = "";
    try {
      const { events } = await followRun(run.handle);
      for await (const piece of chatContent(events, turn)) content += piece;
    } finally {
      run.end();
    }
    const result = await run.handle.result();
    if (result.status === "failed") return runFailedResponse(result.error, headers);
    return c.json(completion(who, content, finishReasonOf(result.status), result.usage), 200, headers);
  });

const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-accel-buffering": "no" };

interface TurnRun {
  handle: RunHandle;
  /** Called once the reply is written or abandoned: a stateless run's session is deleted. */
  end(): void;
}

/**
 * Starts the turn's run. A repeat of an earlier request gets that run back (its outcome, replayed): one
 * with the same Idempotency-Key, or, without a key, a client's automatic retry after a failure.
 */
async function startTurn(c: Context<AppEnv>, turn: ChatTurn): Promise<TurnRun> {
  const dedupe = { idempotencyKey: await idempotencyKeyOf(c), detectRetry: true };
  const options = {
    stream: turn.stream,
    paradigm: "react" as const,
    maxSteps: c.get("config").MAX_STEPS,
    channel: "openai",
    tenant: c.get("tenant"),
    ...(turn.system ? { system: turn.system } : {}),
  };
  if (turn.sessionId) return { handle: await startRun(c.env, turn.sessionId, turn.input, options, dedupe), end: () => {} };
  const run = await startEphemeralRun(c.env, turn.history, turn.input, options, dedupe);
  return { handle: run, end: () => c.executionCtx.waitUntil(run.dispose()) };
}

/** The reply as chat.completion.chunk events: role, content pieces, one finish_reason, usage if asked, [DONE]. */
function completionStream(run: TurnRun, turn: ChatTurn, who: ReplyIdentity): ReadableStream<Uint8Array> {
  let stop: ((reason: unknown) => Promise<void>) | undefined;
  const send = (controller: ReadableStreamDefaultController<Uint8Array>, value: unknown) =>
    controller.enqueue(encoder.encode(`data: ${typeof value === "string" ? value : JSON.stringify(value)}\n\n`));
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        const followed = await followRun(run.handle);
        stop = followed.stop;
        send(controller, chunk(who, { role: "assistant", content: "" }, null, turn.includeUsage));
        for await (const piece of chatContent(followed.events, turn)) send(controller, chunk(who, { content: piece }, null, turn.includeUsage));
        const result = await run.handle.result();
        if (result.status === "failed") {
          // Mid-stream errors travel as a data event holding an error object; OpenAI's clients raise it.
          send(controller, openAIErrorBody(502, result.error?.code ?? "run_failed", result.error?.message ?? "The run failed."));
        } else {
          send(controller, chunk(who, {}, finishReasonOf(result.status), turn.includeUsage));
          if (turn.includeUsage) send(controller, usageChunk(who, result.usage));
          send(controller, "[DONE]");
        }
        controller.close();
      } catch (err) {
        controller.error(err);
      } finally {
        run.end();
      }
    },
    cancel(reason) {
      // The client went away: stop following the run (a session's run goes on; a stateless one is ended).
      return stop?.(reason);
    },
  });
}

/** The run's events, and a way to stop following them from outside the loop that reads them. */
async function followRun(handle: RunHandle): Promise<{ events: AsyncIterable<StreamRow>; stop(reason: unknown): Promise<void> }> {
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

/** A run the model could not finish: 502 (the upstream model failed) and no retry, which would rerun the agent. */
function runFailedResponse(error: { code: string; message: string } | undefined, headers: Record<string, string>): Response {
  const code = error?.code ?? "run_failed";
  const status = code.startsWith("model_") ? 502 : 500;
  // Our own failures say so without their raw text (a stack's wording is for the logs, not the caller).
  const message = code === "internal_error" ? "Something went wrong on our side." : (error?.message ?? "The run failed.");
  return Response.json(openAIErrorBody(status, code, message), { status, headers: { ...headers, "x-should-retry": "false" } });
}
