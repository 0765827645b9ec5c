// A question an upstream MCP server asked during a run (input.required), passed on to the client of the
// study server as its own elicitation (form mode) when that client declared it can answer one: the
// client's answer goes to the run like any other (answerInput), and the run goes on. A client that
// cannot elicit gets the run paused instead, with the route to answer it in the tool result. The question
// goes on the tool call's own stream: the standalone GET stream is one a client need not open (the spec
// has a call's own messages on the call's stream), and one that had not was never asked, yet waited.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, McpError, type ElicitRequestFormParams, type ElicitResult, type RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { Env } from "../env";
import { questionFrame } from "../openai-compatible/progress-lines";
import { answerInput, type AnswerOutcome } from "../session/interactions/answer-input";

export interface RunQuestion {
  inputId: string;
  server: string;
  message: string;
  requestedSchema: unknown;
}

/** True when the connected client answers form-mode elicitations. */
export function clientElicits(server: Server): boolean {
  const elicitation = server.getClientCapabilities()?.elicitation;
  // An empty elicitation capability means form mode (the spec's backward compatibility).
  return !!elicitation && (Object.keys(elicitation).length === 0 || !!elicitation.form);
}

/**
 * Asks the client, and answers the run's question with what it said; undefined when the client could not be
 * asked or the call was cancelled. A question the client leaves unanswered while it lives (INPUT_TTL_MS) is
 * answered as the session's expiry answers it, `cancel` by "expiry", unless that came first (already_answered).
 */
export async function forwardQuestion(
  server: Server,
  env: Env,
  sessionId: string,
  q: RunQuestion,
  opts: { signal: AbortSignal; timeoutMs: number; requestId: RequestId },
): Promise<AnswerOutcome | undefined> {
  const params: ElicitRequestFormParams = {
    // A person reads it in a form: the server and its words, no English around them.
    message: questionFrame(q.server, q.message),
    requestedSchema: q.requestedSchema as ElicitRequestFormParams["requestedSchema"],
  };
  let by = "mcp";
  const expired = (e: unknown): ElicitResult | undefined => {
    if (!(e instanceof McpError && e.code === ErrorCode.RequestTimeout)) return undefined;
    by = "expiry";
    return { action: "cancel" };
  };
  // A person answers: as long as the question lives (INPUT_TTL_MS), not the SDK's default minute.
  const answer = await server.elicitInput(params, { signal: opts.signal, timeout: opts.timeoutMs, relatedRequestId: opts.requestId }).catch(expired);
  if (!answer) return undefined;
  return answerInput(env, sessionId, q.inputId, { action: answer.action, ...(answer.content ? { content: answer.content } : {}) }, by);
}
