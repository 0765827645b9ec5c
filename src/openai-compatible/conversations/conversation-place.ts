// Where a Chat Completions turn goes in the conversation index (conversation-index.ts), and what it records there.
// A request without X-Session-Id is placed by its earlier messages (the index decides where): its session is
// made ready (a fork copies its source's prefix and state first). A request with X-Session-Id runs in the
// session it names, and its earlier messages must be that session's conversation (409 history_mismatch
// otherwise). Either way, once the run has answered, the reply is recorded as the conversation's next turn the
// way its client will send it back: its text as the client got it (cut by `stop`, the answer alone with a JSON
// format), or, for a run that waits for the client's tools, the assistant message with its tool_calls; the
// request that sends their results adds them, then the reply that follows.
import { fromWire, imagesOf, type ImageRef, type Message, type WireMessage } from "../../agent";
import type { Env } from "../../env";
import { DERIVED_IDS, derivedId, reservedKind } from "../../lib/derived-ids";
import { sha256Hex } from "../../lib/sha256-hex";
import type { Tenant } from "../../lib/tenant";
import { sessionStub } from "../../session/runs/start-run";
import { turnChain } from "../../session/runs/turn-fingerprint";
import type { RunDedupe } from "../../session/runs/request-dedupe";
import { retryIdentity } from "../../session/runs/retry-identity";
import { runSettings } from "../../session/runs/settings";
import type { RunOptions } from "../../session/runs/run-row";
import { chatContent, type ChatContentOptions } from "../chat-content";
import { clientCallsOf } from "../client-tools";
import { ParamError } from "../openai-errors";
import { stripProgressLines } from "../progress-lines";
import { followRun, startTurn, type TurnPlace, type TurnRun } from "../turn-run";
import type { Followed, Tail } from "./conversation-index";

type Index = Awaited<ReturnType<typeof conversationIndex>>;
type Ctx = { waitUntil(p: Promise<unknown>): void };

/** The index named by `parts`, hashed (a tenant's or a user's name is no Durable Object's name). */
async function namedIndex(env: Env, parts: unknown[]) {
  const name = (await sha256Hex(JSON.stringify(parts))).slice(0, 32);
  return env.CONVERSATIONS.getByName(name);
}

/** The index of a tenant's conversations, or of one `user` of the tenant's. */
const conversationIndex = (env: Env, tenant: Tenant, user: string | undefined) => namedIndex(env, [tenant, user ?? null]);

/**
 * The index that holds a session's conversation: a front end's conversation (conv-…) is in the index that
 * placed it, any other session a client names (X-Session-Id) in its tenant's index of named sessions, which no
 * request without X-Session-Id searches.
 */
async function indexOf(env: Env, tenant: Tenant, user: string | undefined, sessionId: string): Promise<Index> {
  if (reservedKind(sessionId) === DERIVED_IDS.conversation) return conversationIndex(env, tenant, user);
  return namedIndex(env, [tenant, null, "named sessions"]);
}

/** A Chat Completions turn as its conversation sees it. */
export interface ConversationTurn {
  /** The request's earlier messages (progress lines left out). */
  history: readonly Message[];
  user?: string;
  input: string;
  /** Stores those of the request's images (checked already) the turn writes into its session. */
  storeImages?(only: readonly ImageRef[]): Promise<void>;
  /** The content options the reply is rendered with for the client (a new set each call: a stop sequence's cut is stateful). */
  shown(): ChatContentOptions;
}

/** The turn as the next request's history will hold it: its text, its images and its author. */
const askedTurn = (input: string, options: RunOptions): Message => ({
  id: "",
  createdAt: "",
  role: "user",
  content: input,
  ...(options.images ? { images: options.images } : {}),
  ...(options.inputName ? { name: options.inputName } : {}),
});

/**
 * Starts the turn's run in the session the index places it in (a request without X-Session-Id). Once the run has
 * answered, its reply becomes the conversation's next turn (recordingReply).
 */
export async function startConversationTurn(env: Env, ctx: Ctx, turn: ConversationTurn, options: RunOptions, dedupe: RunDedupe): Promise<TurnRun> {
  const { history, input } = turn;
  const index = await conversationIndex(env, options.tenant ?? null, turn.user);
  const chain = await turnChain(history);
  const [asked] = await turnChain([askedTurn(input, options)], chain.at(-1));
  const request = await sha256Hex(retryIdentity({ input, options }));
  const fresh = derivedId("conversation", crypto.randomUUID().replaceAll("-", ""));
  const key = dedupe.idempotencyKey && { key: dedupe.idempotencyKey.key, ttlMs: runSettings(env).IDEMPOTENCY_TTL_MS };
  const { placement, repeat } = await index.place(chain, asked!, request, fresh, key);
  const later = history.slice(placement.seedFrom);
  // A fork copies its source's prefix and state; one whose source is gone starts from the request's own history.
  const prefix = placement.source ? await sessionStub(env, placement.source.sessionId).conversationPrefix(placement.source.cut) : undefined;
  const seed = prefix ? [...prefix.messages, ...later] : placement.source ? [...history] : later;
  // Only the images of what the request writes into the session, and its input's: a kept conversation's (the history
  // a turn continues, the prefix a fork copies) were stored when they were asked, so a re-sent history is not stored again.
  await turn.storeImages?.([...imagesOf(prefix ? later : seed), ...(options.images ?? [])]);
  const sessionId = placement.sessionId;
  const place: TurnPlace = { kind: "session", sessionId, seed, ...(prefix ? { state: prefix.state } : {}), derived: true };
  const run = await startTurn(env, ctx, place, input, options, { ...dedupe, replayCompleted: repeat });
  return recordingReply(env, ctx, run, { index, sessionId, depth: history.length + 2, after: asked! }, turn.shown);
}

/** What a client sending X-Session-Id with earlier messages that are not the session's is told to do. */
const NAMED_WHAT_TO_DO =
  "With X-Session-Id the session holds the history, and the earlier messages a request sends must be its conversation as this server answered it: send only the new message to continue the session, or use a new X-Session-Id for another chat (or none: the earlier messages then find or start their conversation).";

/**
 * Starts the turn's run in the session X-Session-Id names. Its earlier messages must be the session's conversation
 * as the index holds it (none: the turn follows it), or the request is 409 history_mismatch naming the first
 * message that differs (`at`: where each history message, then the new one, is in the request's `messages`). Once the run has
 * answered, its reply becomes the conversation's next turn (recordingReply).
 */
export async function startNamedSessionTurn(
  env: Env,
  ctx: Ctx,
  turn: ConversationTurn & { sessionId: string; at: readonly number[] },
  options: RunOptions,
  dedupe: RunDedupe,
): Promise<TurnRun> {
  const { history, input, sessionId } = turn;
  const index = await indexOf(env, options.tenant ?? null, turn.user, sessionId);
  const chain = await turnChain(history);
  const request = await sha256Hex(retryIdentity({ input, options }));
  let asked = "";
  let followed: Followed = { ok: false, moved: true };
  // Without earlier messages the turn follows whatever the session's conversation holds: read first, and the index
  // places it only if nothing came after in between (else it is read again).
  for (let tries = 0; tries < 3 && !followed.ok && "moved" in followed; tries++) {
    const base: Tail | undefined = history.length ? undefined : ((await index.latest(sessionId)) ?? { depth: 0, hash: "" });
    [asked = ""] = await turnChain([askedTurn(input, options)], base ? base.hash : chain.at(-1));
    followed = await index.follow(sessionId, chain, asked, request, base);
  }
  if (!followed.ok) {
    const why =
      "moved" in followed
        ? `Session ${sessionId} kept taking other turns while this one was placed; send it again.`
        : historyMismatch(sessionId, followed, turn.at);
    throw new ParamError("history_mismatch", `${why} ${NAMED_WHAT_TO_DO}`, "messages");
  }
  const depth = followed.depth;
  let run: TurnRun;
  try {
    // The history is the session's: its images were stored when they were asked.
    await turn.storeImages?.(options.images ?? []);
    run = await startTurn(env, ctx, { kind: "session", sessionId }, input, options, {
      ...dedupe,
      ...(followed.replay ? { replayCompleted: true } : {}),
      ...(followed.regenerate ? { regenerate: true } : {}),
    });
  } catch (err) {
    // A turn refused on the way never ran: the conversation ends before it again.
    if (followed.added) await index.unask(sessionId, depth - 1, asked);
    throw err;
  }
  return recordingReply(env, ctx, run, { index, sessionId, depth, after: asked }, turn.shown);
}

/** Which of the request's messages differs from the session's conversation, in words. */
function historyMismatch(sessionId: string, { at, held }: { at: number; held: number }, places: readonly number[]): string {
  // A message's index in the request (its system messages are not in the history); the one past the history is the new message.
  const place = (k: number) => `messages[${places[k] ?? places.at(-1)}]`;
  if (held === 0)
    return `${place(0)}: session ${sessionId} holds no conversation these earlier messages continue (it is new, its turns came another way than Chat Completions, or none continued it within CONVERSATION_INDEX_TTL_MS).`;
  if (at < held && at < places.length - 1) return `${place(at)} is not the message session ${sessionId} holds at that place in its conversation.`;
  if (at >= held) return `${place(at)} is not in session ${sessionId}, whose conversation ends with the message before it.`;
  return `${place(at)}: the conversation of session ${sessionId} goes on after the ${at} earlier messages sent (it holds ${held}), as after an edit or a Regenerate of an earlier turn.`;
}

/** What the resuming request sends: the tool messages that answer the calls. */
export interface ResumedTurn {
  user?: string;
  results: readonly Message[];
  shown(): ChatContentOptions;
}

/**
 * A Chat Completions request whose tool results resumed `run`: when the conversation holds the reply that handed
 * the client those calls, the results become its next turns, and the rest of the run's reply the one after them.
 */
export async function resumeConversationTurn(env: Env, ctx: Ctx, run: TurnRun, tenant: Tenant, turn: ResumedTurn): Promise<TurnRun> {
  const sessionId = run.sessionId;
  const index = await indexOf(env, tenant, turn.user, sessionId);
  const paused = await index.pausedAt(sessionId, run.handle.runId);
  if (!paused) return run;
  const chain = await turnChain(turn.results, paused.hash);
  if (!chain.length || !(await index.answered(sessionId, paused, chain))) return run;
  return recordingReply(env, ctx, run, { index, sessionId, depth: paused.depth + chain.length + 1, after: chain.at(-1)! }, turn.shown);
}

/** Where a turn's reply goes: its session's conversation in `index`, at `depth`, chained after the turn `after` names. */
interface ReplySlot {
  index: Index;
  sessionId: string;
  depth: number;
  after: string;
}

/**
 * The run, with its reply recorded as the conversation's turn at `slot` once it has answered: at `delivered()`, as
 * one its client got whole, or else when the run ends. It is recorded as the client will send it back: the text
 * rendered with the client's content options (`shown`), progress lines left out as a request's history leaves
 * them; a run waiting for the client's tools as the assistant message with those calls.
 */
function recordingReply(env: Env, ctx: Ctx, run: TurnRun, slot: ReplySlot, shown: () => ChatContentOptions): TurnRun {
  const recordReply = async (delivered: boolean) => {
    const result = await run.handle.result();
    const paused = result.status === "awaiting_client_tools";
    // A failed run's client got an error, not a reply; one stopped at its step limit got what it had written.
    if (result.status !== "completed" && result.status !== "max_steps" && !paused) return;
    let text = "";
    const { events } = await followRun(run.handle);
    for await (const piece of chatContent(events, shown())) text += piece;
    const calls = clientCallsOf(result, run.sessionId);
    const sent: WireMessage = calls.length
      ? {
          role: "assistant",
          content: text || null,
          tool_calls: calls.map((c) => ({ id: c.wireId, type: "function", function: { name: c.name, arguments: c.args } })),
        }
      : { role: "assistant", content: text };
    const [said] = fromWire([sent]).messages;
    const [reply] = await turnChain([{ ...said!, content: stripProgressLines(said!.content) }], slot.after);
    if (paused) return slot.index.replied(slot.sessionId, slot.depth, reply!, null, delivered, run.handle.runId);
    const cut = await sessionStub(env, slot.sessionId).messagesThrough(run.handle.runId);
    if (cut !== null) await slot.index.replied(slot.sessionId, slot.depth, reply!, cut, delivered);
  };
  // Without its reply recorded, the next request forks from the prefix before it instead of continuing: worth a log line, not the reply.
  let recorded: Promise<void> | undefined;
  const record = (delivered: boolean) =>
    (recorded ??= recordReply(delivered).catch((e: unknown) => console.error("recording a conversation's reply failed", e)));
  return {
    ...run,
    // Before the reply's last frame, so the client's next request finds it.
    delivered: () => record(true),
    end: () => {
      // A client gone before the end: the reply is recorded when the run has ended, as one no client got.
      ctx.waitUntil(record(false));
      run.end();
    },
  };
}
