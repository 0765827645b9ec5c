// The OpenAI Responses API: POST /v1/responses (JSON, SSE with the semantic events, or background),
// GET /v1/responses/:id, DELETE /v1/responses/:id and POST /v1/responses/:id/cancel. Each response is one
// run (turn-run.ts, as for Chat Completions); its id names the run and its session (response-id.ts).
import type { Context } from "hono";
import { Hono } from "hono/tiny";
import type { RunOptions } from "../../session/runs/run-row";
import type { RunDedupe } from "../../session/runs/request-dedupe";
import type { AppEnv } from "../../http-kit/app-env";
import { REPLAYED_HEADER } from "../../http-kit/idempotency-key";
import { ParamError, runFailedResponse } from "../openai-errors";
import { reachableSession } from "../../session/reachable-session";
import { SSE_HEADERS } from "../../http-kit/sse";
import { followedStream, followRun, resumeTurn, startTurn, type TurnRun } from "../turn-run";
import { ResponseAssembler, type ResponseStreamEvent } from "./response-assembler";
import { responseMeta } from "./response-echo";
import { parseResponseId, type ResponseRef } from "./response-id";
import { responseNotFound, storedResponse } from "./stored-response";
import { continuedPlace } from "./previous-response";
import { newConversationPlace } from "./new-conversation-place";
import { replayedFromAnotherCall, retryWindowMs } from "./sdk-retry";
import { readResponsesTurn } from "./responses-request";
import { checkRetrieveQuery } from "./retrieve-query";
import { refuseQuery } from "../wire-fields";
import { runSettings } from "../../session/runs/settings";
import { parseNoFields } from "../../http-kit/validation";

export const responsesRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
    const turn = await readResponsesTurn(c);
    const options: RunOptions = {
      stream: turn.stream,
      paradigm: "react",
      maxSteps: runSettings(c.env).MAX_STEPS,
      channel: "responses",
      tenant: c.get("tenant"),
      origin: new URL(c.req.url).origin,
      ...(turn.guidance ? { guidance: turn.guidance } : {}),
      ...(turn.instructions ? { instructions: turn.instructions } : {}),
      ...(turn.earlier ? { earlier: turn.earlier } : {}),
      ...(turn.images ? { images: turn.images } : {}),
      ...(turn.answerFormat ? { answerFormat: turn.answerFormat } : {}),
      ...(turn.sampling ? { sampling: turn.sampling } : {}),
      ...(turn.clientTools ? { clientTools: turn.clientTools } : {}),
      echo: turn.echo,
    };
    // A stored response's retry, as the OpenAI SDK marks one, also gets a run of it that completed meanwhile (sdk-retry.ts).
    const retryWindow = turn.dedupe.idempotencyKey || turn.place.kind !== "session" ? undefined : retryWindowMs(c.req.raw.headers);
    const start = async (dedupe: RunDedupe) => {
      const place = turn.previous
        ? await continuedPlace(c.env, { ...turn, dedupe }, turn.previous, options)
        : turn.newConversation && !turn.dedupe.idempotencyKey
          ? await newConversationPlace(c.get("tenant"), { input: turn.input, options })
          : turn.place;
      return startTurn(c.env, c.executionCtx, place, turn.input, options, dedupe);
    };
    // Tool results with previous_response_id: it must name a stored response still (continuedPlace refuses one that does not).
    if (turn.resume && turn.previous) await continuedPlace(c.env, turn, turn.previous, options);
    let run = turn.resume
      ? await resumeTurn(c.env, c.executionCtx, turn.resume, {
          tools: turn.clientTools,
          stream: turn.stream,
          tenant: c.get("tenant"),
          param: "input",
          // The resumed run goes on with this request's instructions, text.format and sampling, which its response echoes.
          answer: { guidance: options.guidance, instructions: options.instructions, answerFormat: options.answerFormat, sampling: options.sampling },
        })
      : await start(retryWindow === undefined ? turn.dedupe : { ...turn.dedupe, replayCompleted: true });
    if (retryWindow !== undefined && !turn.resume && (await replayedFromAnotherCall(c.env, run, retryWindow))) run = await start(turn.dedupe);
    // A resumed run's reply is a response of its own, named with where it began.
    const ref: ResponseRef = { sessionId: run.sessionId, runId: run.handle.runId, ...(run.after ? { after: run.after } : {}) };
    const headers: Record<string, string> = {
      "x-run-id": run.handle.runId,
      "x-session-id": run.sessionId,
      ...(run.handle.replayed ? { [REPLAYED_HEADER]: "true" } : {}),
    };
    const assembler = new ResponseAssembler(responseMeta(ref, Math.floor(Date.now() / 1000), options));
    // A background response goes on in its session; the client polls GET /v1/responses/:id.
    if (turn.echo.background) return c.json(assembler.snapshot("queued"), 200, headers);
    if (turn.stream) return new Response(responseStream(run, assembler), { headers: { ...headers, ...SSE_HEADERS } });
    try {
      const { events } = await followRun(run.handle);
      for await (const e of events) assembler.push(e);
    } finally {
      run.end();
    }
    // A failed run is a response with status "failed" and its error, as the API reports its own failures:
    // clients raise it (the AI SDK, the Agents SDK) or show it, and none retries it into a second run. A rate
    // limit is the exception: the 429 with the upstream's Retry-After that the API answers, which clients retry.
    const result = await run.handle.result();
    if (result.status === "failed" && result.error?.code === "model_rate_limited") return runFailedResponse(result.error, headers);
    return c.json(assembler.final(result), 200, headers);
  })
  .get("/:id", async (c) => {
    checkRetrieveQuery(c.req.url);
    const ref = responseRef(c);
    return c.json(await storedResponse(await reachableSession(c.env, ref.sessionId, c.get("tenant")), ref));
  })
  .delete("/:id", async (c) => {
    refuseQuery(c.req.url);
    await parseNoFields(c);
    const ref = responseRef(c);
    const outcome = await (await reachableSession(c.env, ref.sessionId, c.get("tenant"))).deleteRun(ref.runId);
    if (!outcome.ok) {
      throw outcome.code === "run_active"
        ? new ParamError("response_in_progress", "The response is still in progress; cancel it first.", null)
        : responseNotFound(c.req.param("id"));
    }
    return c.json({ id: c.req.param("id"), object: "response", deleted: true });
  })
  .post("/:id/cancel", async (c) => {
    refuseQuery(c.req.url);
    await parseNoFields(c);
    const ref = responseRef(c);
    const stub = await reachableSession(c.env, ref.sessionId, c.get("tenant"));
    if (!(await stub.cancelRun(ref.runId))) throw responseNotFound(c.req.param("id"));
    // The run stops at its next safe point; the answer is the response as it ended.
    await stub.waitRun(ref.runId);
    return c.json(await storedResponse(stub, ref));
  });

function responseRef(c: Context<AppEnv>): ResponseRef {
  return parseResponseId(c.req.param("id") ?? "");
}

/** The response as semantic SSE events: created, in_progress, items as they happen, then the terminal event. */
function responseStream(run: TurnRun, assembler: ResponseAssembler): ReadableStream<Uint8Array> {
  return followedStream(run, async (events, frame) => {
    const send = (out: ResponseStreamEvent[]) => {
      for (const e of out) frame(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    };
    send(assembler.start());
    for await (const e of events) send(assembler.push(e));
    send(assembler.finish(await run.handle.result()));
  });
}
