// POST /v1/ui/chat: the AI SDK's useChat backend. It accepts what DefaultChatTransport sends
// ({id, messages, trigger, …}) and answers with the UI message stream (ui-message-stream.ts). The chat
// id is the session: the history is the Durable Object's, so only the newest message counts — a user
// message starts a run (a Regenerate's replaces the latest turn when it asked the same), an assistant message carrying tool approval responses (addToolApprovalResponse)
// settles those approvals and follows the resumed run.
import { Hono } from "hono";
import * as z from "zod";
import { decideApproval } from "../session/interactions/decide-approval";
import { startRun } from "../session/runs/start-run";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, HttpError } from "../http-kit/errors";
import { reachableSession } from "../session/reachable-session";
import { UI_MESSAGE_STREAM_HEADERS, uiMessageStream } from "./ui-message-stream";
import { Id, parseJson } from "../http-kit/validation";
import { runSettings } from "../session/runs/settings";
import { storeImageUrls } from "../images/image-url";
import { imageSettings } from "../images/settings";
import { uiImages } from "./wire-images";

const Part = z.looseObject({ type: z.string() });
const UIMessage = z.looseObject({ id: z.string().optional(), role: z.enum(["system", "user", "assistant"]), parts: z.array(Part) });
const ChatRequest = z.looseObject({
  id: Id,
  messages: z.array(UIMessage).min(1, "messages must not be empty"),
  trigger: z.enum(["submit-message", "regenerate-message"]).default("submit-message"),
  messageId: z.string().optional(),
});
const ApprovalResponse = z.looseObject({
  toolCallId: z.string(),
  state: z.literal("approval-responded"),
  approval: z.looseObject({ id: Id, approved: z.boolean() }),
});

type Message = z.infer<typeof UIMessage>;

const userText = (m: Message) =>
  m.parts
    .flatMap((p) => (p.type === "text" && typeof p.text === "string" ? [p.text] : []))
    .join("\n")
    .trim();

export const uiChatRoutes = new Hono<AppEnv>().post("/chat", async (c) => {
  const body = await parseJson(c, ChatRequest);
  const sessionId = body.id;
  const config = runSettings(c.env);
  const last = body.messages.at(-1)!;
  const messageId = crypto.randomUUID();

  if (last.role === "assistant") {
    const stub = await reachableSession(c.env, sessionId, c.get("tenant"));
    const answers = last.parts.flatMap((p) => {
      const r = ApprovalResponse.safeParse(p);
      return r.success ? [r.data] : [];
    });
    if (answers.length === 0) throw badRequest("invalid_request", "The last message is the assistant's but answers no tool approval: send a user message.");
    let resumed: { runId: string; seq: number } | undefined;
    for (const a of answers) {
      const outcome = await decideApproval(c.env, sessionId, a.approval.id, a.approval.approved ? "allow" : "deny", "ui");
      if (!outcome.ok && outcome.code !== "already_decided") throw new HttpError("not_found", `approval ${a.approval.id} not found`);
      if (outcome.ok && outcome.pendingApprovals === 0) resumed = { runId: outcome.runId, seq: outcome.seq };
    }
    if (!resumed) throw new HttpError("conflict", "Those approvals were decided before, or others of the run are still open.");
    const events = await stub.streamRun(resumed.runId, resumed.seq);
    if (!events) throw new HttpError("not_found", `run ${resumed.runId} not found`);
    return new Response(uiMessageStream(events, last.id ?? messageId, new Set(answers.map((a) => a.toolCallId))), { headers: UI_MESSAGE_STREAM_HEADERS });
  }

  const input = last.role === "user" ? userText(last) : "";
  const images = await storeImageUrls(c.env.IMAGES, imageSettings(c.env), c.get("tenant"), last.role === "user" ? uiImages(last.parts) : []);
  if (!input && !images.size)
    throw badRequest("invalid_request", "The last message must be a user message with text or an image (or an assistant message answering tool approvals).");
  if (input.length > config.MAX_INPUT_CHARS) throw badRequest("input_too_long", `input is longer than MAX_INPUT_CHARS (${config.MAX_INPUT_CHARS})`);
  const handle = await startRun(
    c.env,
    sessionId,
    input,
    {
      stream: true,
      paradigm: "react",
      maxSteps: config.MAX_STEPS,
      channel: "ui",
      tenant: c.get("tenant"),
      origin: new URL(c.req.url).origin,
      ...(images.size ? { images: [...images.values()] } : {}),
    },
    { regenerate: body.trigger === "regenerate-message" },
  );
  if (!handle.ok) throw HttpError.of(handle);
  return new Response(uiMessageStream(await handle.events(), messageId), { headers: { ...UI_MESSAGE_STREAM_HEADERS, "x-run-id": handle.runId } });
});
