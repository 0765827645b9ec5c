// A request without X-Session-Id, placed by its earlier messages (conversation-index.ts decides where):
// its session is made ready (a fork copies its source's prefix and state first), and once its run has
// answered, the reply is recorded as the conversation's next turn, with whether its client got it whole.
import { imagesOf, type ImageRef, type Message } from "../../agent";
import type { Env } from "../../env";
import { derivedId } from "../../lib/derived-ids";
import { sha256Hex } from "../../lib/sha256-hex";
import type { Tenant } from "../../lib/tenant";
import { sessionStub } from "../../session/runs/start-run";
import { turnChain } from "../../session/runs/turn-fingerprint";
import type { RunDedupe } from "../../session/runs/request-dedupe";
import { retryIdentity } from "../../session/runs/retry-identity";
import { runSettings } from "../../session/runs/settings";
import type { RunOptions } from "../../session/runs/run-row";
import { chatContent } from "../chat-content";
import { stripProgressLines } from "../progress-lines";
import { followRun, startTurn, type TurnPlace, type TurnRun } from "../turn-run";

/** The index of a tenant's conversations, or of one `user` of the tenant's. */
async function conversationIndex(env: Env, tenant: Tenant, user: string | undefined) {
  const name = (await sha256Hex(JSON.stringify([tenant, user ?? null]))).slice(0, 32);
  return env.CONVERSATIONS.getByName(name);
}

/** A request's turn without X-Session-Id: the conversation it belongs to, found by `history`. */
export interface ConversationTurn {
  history: readonly Message[];
  user?: string;
  input: string;
  /** Stores those of the request's images (checked already) the turn writes into its session. */
  storeImages?(only: readonly ImageRef[]): Promise<void>;
}

/**
 * Starts the turn's run in the session the index places it in. Once the run has completed, its reply becomes
 * the conversation's next turn: at `delivered()`, as one its client got whole, or else when the run ends.
 */
export async function startConversationTurn(
  env: Env,
  ctx: { waitUntil(p: Promise<unknown>): void },
  turn: ConversationTurn,
  options: RunOptions,
  dedupe: RunDedupe,
): Promise<TurnRun> {
  const { history, input } = turn;
  const index = await conversationIndex(env, options.tenant ?? null, turn.user);
  const chain = await turnChain(history);
  // The turn as the next request's history will hold it: its text, its images and its author.
  const [asked] = await turnChain(
    [
      {
        id: "",
        createdAt: "",
        role: "user",
        content: input,
        ...(options.images ? { images: options.images } : {}),
        ...(options.inputName ? { name: options.inputName } : {}),
      },
    ],
    chain.at(-1),
  );
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

  const recordReply = async (delivered: boolean) => {
    const result = await run.handle.result();
    if (result.status !== "completed") return;
    let text = "";
    const { events } = await followRun(run.handle);
    for await (const piece of chatContent(events, { progress: false })) text += piece;
    const [reply] = await turnChain([{ id: "", createdAt: "", role: "assistant", content: stripProgressLines(text) }], asked);
    const cut = await sessionStub(env, sessionId).messagesThrough(run.handle.runId);
    if (cut !== null) await index.replied(sessionId, history.length + 2, reply!, cut, delivered);
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
