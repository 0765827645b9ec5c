// A run asked for a JSON answer (response_format) that pauses for a person first has no answer yet: its reply
// shows nothing but the checked JSON, so an empty 200 "stop" would be taken for the answer and break the
// client's JSON.parse. It is said as a 409 instead, naming what the run waits for and where to decide it; the
// same request again, once decided, attaches to the run and gets the JSON (request-dedupe.ts).
import type { RunView } from "../session/runs/run-views";
import { openAIErrorBody } from "./openai-errors";

/** The 409 error body for a run waiting on a person before its JSON answer, or null when it is not waiting on one. */
export function pausedBeforeAnswer(result: RunView, sessionId: string): ReturnType<typeof openAIErrorBody> | null {
  if (result.status !== "awaiting_approval" && result.status !== "awaiting_input") return null;
  const routes = (result.pending ?? []).flatMap((p) =>
    "approvalId" in p
      ? [`approve or deny ${p.name} at POST /v1/sessions/${sessionId}/approvals/${p.approvalId}`]
      : "kind" in p && p.kind === "input"
        ? [`answer ${p.server}'s question at POST /v1/sessions/${sessionId}/inputs/${p.inputId}`]
        : [],
  );
  const approval = result.status === "awaiting_approval";
  const message = `The run is waiting for ${approval ? "a person's approval" : "an answer to an MCP server's question"} before its JSON answer: ${routes.join("; ")}; then send the same request again.`;
  return openAIErrorBody(409, approval ? "run_awaiting_approval" : "run_awaiting_input", message);
}
