// A question an upstream MCP server asked during a run (input.required), passed on to the client of the
// study server as its own elicitation (form mode) when that client declared it can answer one: the
// client's answer goes to the run like any other (answerInput), and the run goes on. A client that
// cannot elicit gets the run paused instead, with the route to answer it in the tool result.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import type { Env } from "../env";
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

/** Asks the client, and answers the run's question with what it said; undefined when the client could not be asked. */
export async function forwardQuestion(
  server: Server,
  env: Env,
  sessionId: string,
  q: RunQuestion,
  opts: { signal: AbortSignal; timeoutMs: number },
): Promise<AnswerOutcome | undefined> {
  const params: ElicitRequestFormParams = {
    message: `${q.server} asks: ${q.message}`,
    requestedSchema: q.requestedSchema as ElicitRequestFormParams["requestedSchema"],
  };
  // A person answers: as long as the question lives (INPUT_TTL_MS), not the SDK's default minute.
  const answer = await server.elicitInput(params, { signal: opts.signal, timeout: opts.timeoutMs }).catch(() => undefined);
  if (!answer) return undefined;
  return answerInput(env, sessionId, q.inputId, { action: answer.action, ...(answer.content ? { content: answer.content } : {}) }, "mcp");
}
