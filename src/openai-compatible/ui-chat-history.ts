// Whether a /v1/ui/chat request's messages are its chat's history (docs/ui-chat.md#request). The session holds
// the history and the route reads only the newest message, but a reply's message id is its run id (ui-chat.ts),
// so the replies among the earlier messages say which turns the client shows: they must be the session's runs,
// in order. A request that holds fewer (a new chat under a used id, a turn deleted in the app) would run on turns
// its client does not show, and one that holds others (a chat restored from the app's own store under a new id,
// a reply the client wrote) would have its history dropped: both are refused by name (409 history_mismatch),
// never run. A Regenerate holds every reply but the latest, which it redoes; one that holds every reply redoes
// nothing (its question got no reply: the AI SDK's retry after a failed request) and runs as a new turn.
// The check reads the session before the run starts, so the run is told the reply it follows (the latest the
// check saw: startRun's `continues`), and the session starts it only while that is still its latest: of two
// new messages sent to one chat at once (two tabs), one runs and the other is 409 history_mismatch (movedOn).
import { HttpError } from "../http-kit/errors";

interface Sent {
  id: string;
  trigger: "submit-message" | "regenerate-message";
  messages: ReadonlyArray<{ id?: string | undefined; role: string }>;
}

/** What the newest message does: a new turn, or (`regenerate`) the latest turn again. */
export interface Placed {
  regenerate: boolean;
}

const WHAT_TO_DO =
  "The session keeps the chat's history, and a request must show the same turns: send this chat's messages as it received them (each reply with the id it was streamed with), or start a new chat under a new id.";

/** The turn a user message sent with `messages` takes in the chat whose runs are `runs` (oldest first); 409 when its history is not theirs. */
export function placeInHistory(body: Sent, runs: readonly string[]): Placed {
  const held = body.messages.slice(0, -1).flatMap((m, i) => (m.role === "assistant" ? [{ id: m.id, at: i }] : []));
  const holds = (want: readonly string[]) => held.length === want.length && held.every((h, k) => h.id === want[k]);
  if (holds(runs)) return { regenerate: false };
  if (body.trigger === "regenerate-message" && runs.length && holds(runs.slice(0, -1))) return { regenerate: true };
  throw new HttpError("history_mismatch", `${mismatch(body.id, held, runs)} ${WHAT_TO_DO}`);
}

/**
 * The run a turn placed in `runs` follows: its latest reply, null when it has none (the session refuses
 * it, not_latest, once another turn came first); undefined when the chat is not the caller's (no history was compared).
 */
export const follows = (runs: readonly string[] | undefined): string | null | undefined => (runs ? (runs.at(-1) ?? null) : undefined);

/** 409 for a request whose history was the chat's when checked, but that another turn followed before this one could start. */
export function movedOn(chatId: string, latest: string | null): HttpError {
  const was = latest === null ? `chat ${chatId} had no turn` : `their last reply ${latest} was chat ${chatId}'s latest`;
  return new HttpError(
    "history_mismatch",
    `messages were this chat's history when the request arrived (${was}), but the chat moved on meanwhile: another request (another tab?) started a turn first, or the chat was deleted, and messages do not show it. Nothing was run. Load the chat's messages again (GET /v1/sessions/${chatId}), or start a new chat under a new id.`,
  );
}

/** Where the request's replies first part from the session's. */
function mismatch(chatId: string, held: ReadonlyArray<{ id: string | undefined; at: number }>, runs: readonly string[]): string {
  const k = held.findIndex((h, i) => i >= runs.length || h.id !== runs[i]);
  const reply = held[k];
  if (!reply)
    return `messages hold ${held.length} of the ${runs.length} replies of chat ${chatId}: its reply ${runs[held.length]} and the turn it answered are not among them (a turn deleted, or another chat under this id).`;
  const named = reply.id === undefined ? "a reply without an id" : `the reply ${reply.id}`;
  return k < runs.length
    ? `messages[${reply.at}] is ${named}, where chat ${chatId} holds its reply ${runs[k]}.`
    : `messages[${reply.at}] is ${named}, which chat ${chatId} does not hold (${runs.length ? `its last reply is ${runs.at(-1)}` : "it has no turn yet"}).`;
}
