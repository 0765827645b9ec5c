// The OpenAI-compatible endpoint: POST /v1/chat/completions and GET /v1/models in the Chat
// Completions wire format, so any OpenAI client or chat front end uses the agent as model
// `study-agent`. Each request is one run through startRun; the reply is the run's text with its tool
// activity as progress lines (chat-content.ts).
import type { Context } from "hono";
import { Hono } from "hono/tiny";
import type { AppEnv } from "../http-kit/app-env";
import { chatContent, type ChatContentOptions } from "./chat-content";
import type { RunStatus } from "../agent";
import { StopCut } from "./stop-sequences";
import { idempotencyKeyOf, REPLAYED_HEADER } from "../http-kit/idempotency-key";
import { openAIErrorBody, ParamError, runFailedResponse, runFailureStatus } from "./openai-errors";
import { readChatTurn, type ChatTurn } from "./chat-request";
import { SSE_HEADERS } from "../http-kit/sse";
import { followedStream, followRun, resumeTurn, type TurnRun } from "./turn-run";
import { resumeConversationTurn, startConversationTurn, startNamedSessionTurn } from "./conversations/conversation-place";
import { chunk, completion, finishReasonOf, MODEL_ID, modelEntry, replyIdentity, toolCallsChunk, usageChunk, type ReplyIdentity } from "./chat-wire";
import { clientCallsOf, type ClientResults } from "./client-tools";
import { runSettings } from "../session/runs/settings";
import { pausedBeforeAnswer } from "./paused-before-answer";
import { refuseQuery } from "./wire-fields";

export const openAIRoutes = new Hono<AppEnv>()
  .get("/models", (c) => {
    refuseQuery(c.req.url);
    return c.json({ object: "list", data: [modelEntry()] });
  })
  .get("/models/:model", (c) => {
    refuseQuery(c.req.url);
    if (c.req.param("model") !== MODEL_ID) throw new ParamError("model_not_found", `The model '${c.req.param("model")}' does not exist.`, "model");
    return c.json(modelEntry());
  })
  .post("/chat/completions", async (c) => {
    const turn = await readChatTurn(c);
    const run = turn.resume ? await resumeChatTurn(c, turn, turn.resume) : await startChatTurn(c, turn);
    const headers: Record<string, string> = {
      "x-run-id": run.handle.runId,
      "x-session-id": run.sessionId,
      ...(run.handle.replayed ? { [REPLAYED_HEADER]: "true" } : {}),
    };
    const who = replyIdentity(run.handle.runId);
    if (turn.stream) return new Response(completionStream(run, turn, who), { headers: { ...headers, ...SSE_HEADERS } });

    let content = "";
    const shown = contentOptions(turn);
    try {
      const { events } = await followRun(run.handle);
      for await (const piece of chatContent(events, shown)) content += piece;
      if (!c.req.raw.signal.aborted) await run.delivered?.();
    } finally {
      run.end();
    }
    const result = await run.handle.result();
    if (result.status === "failed") return runFailedResponse(result.error, headers);
    const paused = shown.answerOnly ? pausedBeforeAnswer(result, run.sessionId) : null;
    // A person must decide first: the client's own retries would only get this again.
    if (paused) return c.json(paused, 409, { ...headers, "x-should-retry": "false" });
    return c.json(completion(who, content, replyFinish(shown, result.status), result.usage, clientCallsOf(result, run.sessionId)), 200, headers);
  });

/**
 * Starts the turn's run, in the session X-Session-Id names or in the conversation the request's earlier
 * messages continue (conversations/). A repeat of an earlier request gets that run back: one with the same
 * Idempotency-Key, or, without a key, a client's retry while the run is still going (request-dedupe.ts).
 */
async function startChatTurn(c: Context<AppEnv>, turn: ChatTurn): Promise<TurnRun> {
  const dedupe = { idempotencyKey: await idempotencyKeyOf(c), detectRetry: true };
  const options = {
    stream: turn.stream,
    paradigm: "react" as const,
    maxSteps: runSettings(c.env).MAX_STEPS,
    channel: "openai",
    tenant: c.get("tenant"),
    origin: new URL(c.req.url).origin,
    ...turn.answer,
    ...(turn.images ? { images: turn.images } : {}),
    ...(turn.inputName ? { inputName: turn.inputName } : {}),
    ...(turn.clientTools ? { clientTools: turn.clientTools } : {}),
  };
  const conversation = {
    history: turn.history,
    ...(turn.user ? { user: turn.user } : {}),
    input: turn.input,
    storeImages: turn.storeImages,
    shown: () => contentOptions(turn),
  };
  if (turn.sessionId) return startNamedSessionTurn(c.env, c.executionCtx, { ...conversation, sessionId: turn.sessionId, at: turn.at }, options, dedupe);
  return startConversationTurn(c.env, c.executionCtx, conversation, options, dedupe);
}

/** Resumes the run the request's tool results answer; its conversation records them, then the rest of the reply (conversations/). */
async function resumeChatTurn(c: Context<AppEnv>, turn: ChatTurn, results: ClientResults): Promise<TurnRun> {
  const tenant = c.get("tenant");
  const run = await resumeTurn(c.env, c.executionCtx, results, {
    tools: turn.clientTools,
    stream: turn.stream,
    tenant,
    param: "messages",
    answer: turn.answer,
  });
  const resumed = { ...(turn.user ? { user: turn.user } : {}), results: turn.results ?? [], shown: () => contentOptions(turn) };
  return resumeConversationTurn(c.env, c.executionCtx, run, tenant, resumed);
}

/** The reply as chat.completion.chunk events: role, content pieces, one finish_reason, usage if asked, [DONE]. */
function completionStream(run: TurnRun, turn: ChatTurn, who: ReplyIdentity): ReadableStream<Uint8Array> {
  return followedStream(run, async (events, frame) => {
    const send = (value: unknown) => frame(`data: ${typeof value === "string" ? value : JSON.stringify(value)}\n\n`);
    send(chunk(who, { role: "assistant", content: "" }, null, turn.includeUsage));
    const shown = contentOptions(turn);
    for await (const piece of chatContent(events, shown)) send(chunk(who, { content: piece }, null, turn.includeUsage));
    const result = await run.handle.result();
    const paused = shown.answerOnly ? pausedBeforeAnswer(result, run.sessionId) : null;
    if (result.status === "failed") {
      // Mid-stream errors travel as a data event holding an error object; OpenAI's clients raise it.
      const code = result.error?.code ?? "run_failed";
      send(openAIErrorBody(runFailureStatus(code), code, result.error?.message ?? "The run failed."));
    } else if (paused) send(paused);
    else {
      const calls = clientCallsOf(result, run.sessionId);
      if (calls.length) send(toolCallsChunk(who, calls, turn.includeUsage));
      send(chunk(who, {}, replyFinish(shown, result.status), turn.includeUsage));
      if (turn.includeUsage) send(usageChunk(who, result.usage));
      await run.delivered?.();
      send("[DONE]");
    }
  });
}

/**
 * A run waiting for the client's tools is "tool_calls" whatever cut its text, since a client that reads "stop"
 * runs no tool; else a stop sequence's cut is "stop"; an answer cut at an output limit is "length", as OpenAI's;
 * else the run's status says.
 */
const replyFinish = (shown: ChatContentOptions, status: RunStatus) =>
  status !== "awaiting_client_tools" && shown.stop?.cut ? "stop" : shown.cutAtCap && status === "completed" ? "length" : finishReasonOf(status);

/** What the reply shows of the run: with a JSON format (the request's, which a resumed run takes up too), the checked answer alone; with `stop`, the text up to it. */
function contentOptions(turn: ChatTurn): ChatContentOptions {
  return {
    progress: turn.progress && !turn.answer.answerFormat,
    answerOnly: turn.answer.answerFormat !== undefined,
    ...(turn.stop.length ? { stop: new StopCut(turn.stop) } : {}),
  };
}
