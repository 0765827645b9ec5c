// POST /v1/ui/chat: the AI SDK's useChat backend. It accepts what DefaultChatTransport sends
// ({id, messages, trigger, …}, and the page's own `tools` through the transport's body) and answers with the
// UI message stream (ui-message-stream.ts). The chat id is the session: the history is the Durable Object's,
// so only the newest message counts, and the earlier ones must be that history (ui-chat-history.ts: their
// replies are the session's runs, or 409) — a user message starts a run (a Regenerate's replaces the latest
// turn, which must have asked the same), streamed as an assistant message whose id is the run's; an assistant message
// carrying tool approval responses (addToolApprovalResponse) settles those approvals, with their reasons, and
// follows the resumed run, which goes on with the request's `tools`; one carrying the results of the page's
// tools (addToolOutput, ui-client-tools.ts) resumes the run that waits for them. `messageId` must name what
// the reply is for (ui-message-id.ts). A failed run's error is said in the browser's language (Accept-Language).
import type { Context } from "hono";
import { Hono } from "hono/tiny";
import * as z from "zod";
import { decideApproval, reasonTooLong } from "../session/interactions/decide-approval";
import { startRun } from "../session/runs/start-run";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, HttpError } from "../http-kit/errors";
import type { Refusal } from "../lib/outcome";
import { reachableSession } from "../session/reachable-session";
import { lastStepStart, UI_MESSAGE_STREAM_HEADERS, uiMessageFrames, uiMessageStream } from "./ui-message-stream";
import { Id, parseJson, parseNoQuery } from "../http-kit/validation";
import { runSettings } from "../session/runs/settings";
import { imagesOwner } from "../session/runs/images-owner";
import { storeImageUrls } from "../images/image-url";
import { imageSettings } from "../images/settings";
import { uiImages } from "./wire-images";
import { answeredToolParts, UITools, uiToolResults } from "./ui-client-tools";
import { checkMessageId, runIds } from "./ui-message-id";
import { follows, movedOn, placeInHistory } from "./ui-chat-history";
import { userText } from "./ui-user-parts";
import { refuseDeepSchema } from "./client-schema-depth";
import { followedStream, resumeTurn } from "./turn-run";
import { browserPhrases } from "../lib/browser-phrases";
import { failureWords, type FailureWords, runNoticePhrases } from "../platforms/run-notice-phrases";
import type { ImageBucket } from "../images/image-store";

const Part = z.looseObject({ type: z.string() });
const UIMessage = z.looseObject({ id: z.string().optional(), role: z.enum(["system", "user", "assistant"]), parts: z.array(Part) });
// Strict: the transport's \`body\` is the page's to extend, and a field we do not honour (a \`model\`, a
// \`tool_choice\`) is refused by name rather than dropped.
const ChatRequest = z.strictObject({
  id: Id,
  messages: z.array(UIMessage).min(1, "messages must not be empty"),
  trigger: z.enum(["submit-message", "regenerate-message"]).default("submit-message"),
  messageId: z.string().optional(),
  tools: UITools.optional(),
});
// addToolApprovalResponse's answer; its `reason` goes with the decision (docs/ui-chat.md).
const ApprovalResponse = z.looseObject({
  toolCallId: z.string(),
  state: z.literal("approval-responded"),
  approval: z.looseObject({ id: Id, approved: z.boolean(), reason: z.string().optional() }),
});

type ChatBody = z.infer<typeof ChatRequest>;
type Message = z.infer<typeof UIMessage>;

export const uiChatRoutes = new Hono<AppEnv>().post("/chat", async (c) => {
  parseNoQuery(c);
  const body = await parseJson(c, ChatRequest);
  const { JSON_SCHEMA_MAX_DEPTH } = runSettings(c.env);
  // The specs keep the order of `tools`; a run stores and carries each inputSchema, so none may nest past the limit.
  body.tools?.tools.forEach((t, i) => refuseDeepSchema(t.parameters, `tools[${i}].inputSchema`, JSON_SCHEMA_MAX_DEPTH));
  // The session's runs, read once: a Regenerate's messageId and a user message's history are both checked against them.
  let runs: Promise<string[]> | undefined;
  const runsOf = () => (runs ??= runIds(c.env, body.id, c.get("tenant")));
  await checkMessageId(runsOf, body);
  // In the first of its languages the notices have, as the browser pages take theirs; a request that names none gets the server's words.
  const languages = c.req.header("accept-language");
  const said = languages ? await failureWords(c.env.ASSETS, (await browserPhrases(runNoticePhrases, c.env.ASSETS, languages)).lang) : undefined;
  const last = body.messages.at(-1)!;
  if (last.role === "assistant") return answer(c, body, last, said);
  // Another tenant's session has no history to compare: startRun refuses it as it refuses any run there (404, or
  // reserved_id for a derived id, the same answer whether or not it exists).
  const theirs = (e: unknown) => (e instanceof HttpError && e.code === "not_found" ? undefined : Promise.reject(e));
  return ask(c, body, last, await runsOf().catch(theirs), said);
});

/** A user message: the run it starts, streamed as a new assistant message; `runs`: its chat's, undefined when not the caller's. */
async function ask(c: Context<AppEnv>, body: ChatBody, last: Message, runs: readonly string[] | undefined, said?: FailureWords): Promise<Response> {
  const config = runSettings(c.env);
  const input = last.role === "user" ? userText(last.parts, body.messages.length - 1) : "";
  const wireImages = last.role === "user" ? uiImages(last.parts, body.messages.length - 1) : [];
  // Checked before any image is stored: a refused request leaves nothing behind.
  if (input.length > config.MAX_INPUT_CHARS) throw badRequest("input_too_long", `input is longer than MAX_INPUT_CHARS (${config.MAX_INPUT_CHARS})`);
  const { regenerate } = runs ? placeInHistory(body, runs) : { regenerate: false };
  const owner = await imagesOwner(c.env, c.get("tenant"), body.id, wireImages.length);
  // The run reads its images once started, so they are stored first; those this request created are deleted if the
  // session refuses the turn (another tab's came first, a Regenerate of another question). One stored before stays.
  const created: string[] = [];
  const bucket: ImageBucket = {
    get: (key) => c.env.IMAGES.get(key),
    put: async (key, ...rest) => {
      if (!(await c.env.IMAGES.head(key))) created.push(key);
      return c.env.IMAGES.put(key, ...rest);
    },
  };
  const images = await storeImageUrls(bucket, imageSettings(c.env), owner, wireImages);
  if (!input && !images.size)
    throw badRequest(
      "invalid_request",
      "The last message must be a user message with text or an image (or an assistant message answering tool approvals or carrying tool results).",
    );
  const handle = await startRun(
    c.env,
    body.id,
    input,
    {
      stream: true,
      paradigm: "react",
      maxSteps: config.MAX_STEPS,
      channel: "ui",
      tenant: c.get("tenant"),
      origin: new URL(c.req.url).origin,
      ...(images.size ? { images: [...images.values()] } : {}),
      ...(body.tools ? { clientTools: body.tools } : {}),
    },
    { regenerate },
    "ndjson",
    // Checked again in the step that starts the run: another tab's turn may have come in since placeInHistory.
    follows(runs),
  );
  if (!handle.ok) {
    await c.env.IMAGES.delete(created);
    throw refused(handle, body, runs) ?? HttpError.of(handle);
  }
  // The message's id is the run's: a later request's messageId names the reply by it (ui-message-id.ts).
  const reply = { messageId: handle.runId, sessionId: body.id, runId: handle.runId, said };
  return new Response(uiMessageStream(await handle.events(), reply), { headers: { ...UI_MESSAGE_STREAM_HEADERS, "x-run-id": handle.runId } });
}

/**
 * A turn the session refused, named by what the client can change: a chat another turn followed since its
 * history was checked (ui-chat-history.ts); for a Regenerate (request-dedupe.ts), its last message, or the turn under way.
 */
function refused(refusal: Refusal, body: ChatBody, runs: readonly string[] | undefined): HttpError | undefined {
  const latest = runs?.at(-1);
  if (refusal.code === "not_latest") return movedOn(body.id, latest ?? null);
  if (refusal.code === "history_mismatch")
    return new HttpError(
      refusal.code,
      `messages[${body.messages.length - 1}] is not the question of chat ${body.id}'s latest turn. ${refusal.message} Send it as a new message instead.`,
    );
  if (refusal.code === "run_active")
    return new HttpError(
      refusal.code,
      `${refusal.message} Let run ${latest} end (or answer what it waits for), or cancel it (POST /v1/sessions/${body.id}/runs/${latest}/cancel), then regenerate.`,
    );
  return undefined;
}

/** An assistant message answering the run's approvals or carrying the page's tool results: the resumed run continues that message. */
async function answer(c: Context<AppEnv>, body: ChatBody, last: Message, said?: FailureWords): Promise<Response> {
  const sessionId = body.id;
  const messageId = last.id ?? crypto.randomUUID();
  const headers = (runId: string) => ({ ...UI_MESSAGE_STREAM_HEADERS, "x-run-id": runId });
  // Answers to the latest reply only: an earlier step's parts were answered before.
  const step = lastStepStart(last.parts);
  const approvals = last.parts.slice(step).flatMap((p, i) => {
    const r = ApprovalResponse.safeParse(p);
    return r.success ? [{ ...r.data, part: `messages[${body.messages.length - 1}].parts[${step + i}]` }] : [];
  });
  const answered = answeredToolParts(last.parts, body.messages.length - 1);
  if (approvals.length) {
    // A run waits for its approvals or for the page's results, never both: a result here answers no waiting call.
    if (answered.length)
      throw badRequest(
        "invalid_request",
        `${answered[0]!.part}: a tool result cannot come with answers to tool approvals; send it once the run hands the call over.`,
      );
    for (const a of approvals) {
      const tooLong = reasonTooLong(c.env, a.approval.reason, `${a.part}.approval.reason`);
      if (tooLong) throw badRequest("invalid_request", tooLong);
    }
    const stub = await reachableSession(c.env, sessionId, c.get("tenant"));
    let resumed: { runId: string; seq: number } | undefined;
    // The page declares its tools with every request: the resumed run goes on with these, as after tool results.
    for (const a of approvals) {
      const outcome = await decideApproval(c.env, sessionId, a.approval.id, a.approval.approved ? "allow" : "deny", "ui", {
        reason: a.approval.reason,
        clientTools: body.tools ?? null,
      });
      if (!outcome.ok && outcome.code !== "already_decided") throw new HttpError("not_found", `approval ${a.approval.id} not found`);
      if (outcome.ok && outcome.pendingApprovals === 0) resumed = { runId: outcome.runId, seq: outcome.seq };
    }
    if (!resumed) throw new HttpError("conflict", "Those approvals were decided before, or others of the run are still open.");
    const events = await stub.streamRun(resumed.runId, resumed.seq);
    if (!events) throw new HttpError("not_found", `run ${resumed.runId} not found`);
    const reply = { messageId, sessionId, runId: resumed.runId, announced: new Set(approvals.map((a) => a.toolCallId)), said };
    return new Response(uiMessageStream(events, reply), { headers: headers(resumed.runId) });
  }
  const results = uiToolResults(answered, sessionId);
  if (!results)
    throw badRequest("invalid_request", "The last message is the assistant's but answers no tool approval and carries no tool result: send a user message.");
  const run = await resumeTurn(c.env, c.executionCtx, results, { tools: body.tools, stream: true, tenant: c.get("tenant"), param: "messages" });
  const reply = { messageId, sessionId, runId: run.handle.runId, said };
  return new Response(followedStream(run, uiMessageFrames(reply)), { headers: headers(run.handle.runId) });
}
