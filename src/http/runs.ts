// /v1/sessions/:id/runs: start (JSON or SSE), read, stream again, cancel.
import { Hono } from "hono/tiny";
import * as z from "zod";
import { ParadigmSchema, startRun } from "../session/runs/start-run";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, HttpError, notFound } from "../http-kit/errors";
import { sseResponse, wantsStream } from "../http-kit/sse";
import { idempotencyKeyOf, REPLAYED_HEADER } from "../http-kit/idempotency-key";
import { reachableSession } from "../session/reachable-session";
import { parseId, parseJson, parseNoFields, parseNoQuery, parseQuery } from "../http-kit/validation";
import { runSettings } from "../session/runs/settings";
import { storeImageUrls } from "../images/image-url";
import { imagesOwner } from "../session/runs/images-owner";
import { imageSettings } from "../images/settings";

const StartRun = z.strictObject({
  input: z.string().min(1, "input must not be empty"),
  /** Photos of the learner's work, as base64 data URLs (docs/api.md#images). */
  images: z.array(z.string()).optional(),
  stream: z.boolean().optional(),
  paradigm: ParadigmSchema.default("react"),
  maxSteps: z.number().int().min(1).optional(),
});
/** Strict: a misspelt parameter is a 400 naming it, not a replay from the start. */
/** A stream's resume point: an event's id, a seq or a live delta's mark `<seq>.<chars>` (event-hub.ts). */
const MARK = /^(\d{1,15})(?:\.(\d{1,15}))?$/;
const resumePoint = (mark: string | undefined) => {
  const m = mark === undefined ? null : MARK.exec(mark);
  return m ? { after: Number(m[1]), had: Number(m[2] ?? 0) } : undefined;
};
const After = z.strictObject({
  after: z.string().regex(MARK, "an event's id: a trace seq, or a live delta's <seq>.<chars>").optional(),
});

export const runRoutes = new Hono<AppEnv>()
  .post("/:id/runs", async (c) => {
    const sessionId = parseId(c.req.param("id"), "session id");
    parseNoQuery(c);
    const config = runSettings(c.env);
    const body = await parseJson(c, StartRun);
    if (body.input.length > config.MAX_INPUT_CHARS) throw badRequest("input_too_long", `input is longer than MAX_INPUT_CHARS (${config.MAX_INPUT_CHARS})`);
    if (body.maxSteps !== undefined && body.maxSteps > config.MAX_STEPS) {
      throw badRequest("invalid_request", `maxSteps may lower the configured MAX_STEPS (${config.MAX_STEPS}), not raise it`);
    }
    // Everything this Worker can refuse is refused before an image is stored.
    const stream = wantsStream(c.req.header("accept"), body.stream);
    const idempotencyKey = await idempotencyKeyOf(c);
    const tenant = c.get("tenant");
    const imageUrls = (body.images ?? []).map((url, i) => ({ url, field: `images[${i}]`, message: "images" }));
    const owner = await imagesOwner(c.env, tenant, sessionId, imageUrls.length);
    const images = await storeImageUrls(c.env.IMAGES, imageSettings(c.env), owner, imageUrls);
    const handle = await startRun(
      c.env,
      sessionId,
      body.input,
      {
        stream,
        paradigm: body.paradigm,
        maxSteps: body.maxSteps ?? config.MAX_STEPS,
        channel: "http",
        tenant,
        origin: new URL(c.req.url).origin,
        ...(images.size ? { images: [...images.values()] } : {}),
      },
      { idempotencyKey },
      stream ? "sse" : undefined,
    );
    if (!handle.ok) throw HttpError.of(handle);
    // A repeated request gets the same run: its result, or its stream replayed from the start.
    const headers = { "x-run-id": handle.runId, ...(handle.replayed ? { [REPLAYED_HEADER]: "true" } : {}) };
    if (stream) return sseResponse(await handle.events(0, "sse"), headers);
    return c.json(await handle.result(), 200, headers);
  })
  .get("/:id/runs/:runId", async (c) => {
    const sessionId = parseId(c.req.param("id"), "session id");
    const runId = parseId(c.req.param("runId"), "run id");
    parseNoQuery(c);
    const run = await (await reachableSession(c.env, sessionId, c.get("tenant"))).getRun(runId);
    if (!run) throw notFound(`run ${runId}`);
    return c.json(run);
  })
  .get("/:id/runs/:runId/stream", async (c) => {
    const sessionId = parseId(c.req.param("id"), "session id");
    const runId = parseId(c.req.param("runId"), "run id");
    const asked = resumePoint(parseQuery(c, After).after) ?? { after: 0, had: 0 };
    const last = resumePoint(c.req.header("last-event-id"));
    // The later of the two: EventSource sends Last-Event-ID on its own reconnects, whatever the URL says.
    const from = last && (last.after > asked.after || (last.after === asked.after && last.had > asked.had)) ? last : asked;
    const events = await (await reachableSession(c.env, sessionId, c.get("tenant"))).streamRun(runId, from.after, "sse", from.had);
    if (!events) throw notFound(`run ${runId}`);
    return sseResponse(events);
  })
  .post("/:id/runs/:runId/cancel", async (c) => {
    const sessionId = parseId(c.req.param("id"), "session id");
    const runId = parseId(c.req.param("runId"), "run id");
    parseNoQuery(c);
    await parseNoFields(c);
    const run = await (await reachableSession(c.env, sessionId, c.get("tenant"))).cancelRun(runId);
    if (!run) throw notFound(`run ${runId}`);
    return c.json(run, 202);
  });
