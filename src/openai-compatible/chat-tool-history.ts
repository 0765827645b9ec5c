// The tool rounds of a Chat Completions history, held to the rules OpenAI itself enforces: an assistant
// message's tool_calls are function calls, each answered by a `tool` message that follows it before the next
// user or assistant message, and a tool message answers a call of the assistant message before it. A history
// that breaks them would reach the model as it is and come back as its 400 (a 502 here), or lose the call
// without a word (a `custom` call fromWire cannot read): it is refused first, naming the message at fault.
// System and developer messages are the caller's guidance, not part of the history, and are passed over.
import { ParamError } from "./openai-errors";

type HistoryMessage =
  | { role: "assistant"; tool_calls?: ReadonlyArray<{ id: string; type: string }> | null }
  | { role: "tool"; tool_call_id: string }
  | { role: "system" | "developer" | "user" };

/** The latest assistant message's calls, by id, each with whether a tool message has answered it. */
interface Round {
  at: number;
  answered: Map<string, boolean>;
}

/** 400 for the first message of `messages` that breaks a tool round. */
export function refuseMalformedToolHistory(messages: readonly HistoryMessage[]): void {
  let round: Round | undefined;
  for (const [i, m] of messages.entries()) {
    if (m.role === "system" || m.role === "developer") continue;
    if (m.role === "tool") {
      if (!round?.answered.has(m.tool_call_id)) {
        const param = `messages[${i}].tool_call_id`;
        const id = m.tool_call_id || "(empty)";
        throw new ParamError(
          "invalid_request",
          `${param}: a tool message must answer a tool call of the assistant message before it; ${id} is none of its tool_calls.`,
          param,
        );
      }
      round.answered.set(m.tool_call_id, true);
      continue;
    }
    if (round) refuseUnanswered(round, i);
    round = m.role === "assistant" ? roundOf(m.tool_calls ?? [], i) : undefined;
  }
}

function roundOf(calls: ReadonlyArray<{ id: string; type: string }>, at: number): Round {
  for (const [k, call] of calls.entries())
    if (call.type !== "function")
      throw new ParamError(
        "unsupported_parameter",
        `messages[${at}].tool_calls[${k}]: tool calls of type '${call.type}' are not supported: this server offers the model function tools only.`,
        `messages[${at}].tool_calls[${k}].type`,
      );
  return { at, answered: new Map(calls.map((c) => [c.id, false])) };
}

/** 400 when a call of `round` has no tool message yet at messages[before], the next user or assistant message. */
function refuseUnanswered(round: Round, before: number): void {
  const open = [...round.answered].flatMap(([id, done]) => (done ? [] : [id]));
  if (!open.length) return;
  const param = `messages[${round.at}].tool_calls`;
  throw new ParamError(
    "invalid_request",
    `${param}: an assistant message with tool_calls must be followed by a tool message answering each call before messages[${before}]; unanswered: ${open.join(", ")}.`,
    param,
  );
}
