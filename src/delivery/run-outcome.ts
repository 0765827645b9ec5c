// What a channel or a course needs from a finished run: its result, the documents it saved (the
// document.saved events), its warnings and the approvals and questions (input.required) it waits for. Works for a run started a moment ago, for one
// a restarted object re-attaches to by id, and for a run resumed after a pause (`after`: only the events
// since the pause count).
import type { Env } from "../env";
import { toJsonRecord } from "../lib/json";
import type { PendingApproval } from "../session/interactions/approval-requests";
import type { RunView } from "../session/runs/run-views";
import { sessionStub } from "../session/runs/start-run";
import { readStreamRows } from "../session/trace/stream-events";

/** An approval as a chat shows it. */
export type ApprovalRequest = Omit<PendingApproval, "callId">;

/** An MCP server's question (elicitation) as a chat asks it. */
export interface InputRequest {
  inputId: string;
  server: string;
  message: string;
  requestedSchema: Record<string, unknown>;
  expiresAt: string;
}

export interface RunOutcome {
  run: RunView;
  /** Keys of the documents the run saved, in order, each once. */
  lessonKeys: string[];
  /** The approvals a paused run waits for (asked after `after` and not settled yet), in order. */
  approvals: ApprovalRequest[];
  /** The questions (input.required) a paused run waits for, asked after `after` and not answered yet, in order. */
  inputs: InputRequest[];
  /** MCP servers the run left out until the user authorizes them (mcp.authorization_required), each once. */
  authorizations: { server: string; authorizationUrl: string }[];
  /** The run's own warnings (not a subagent's), each code and server once, in order. */
  warnings: { code: string; message: string; server?: string }[];
  /** The trace seq of the last event read (`after` if none): where a paused run's events continue. */
  lastSeq: number;
}

/** Waits for the run to end (or pause for approval); null if the session has no such run. */
export async function runOutcome(env: Env, sessionId: string, runId: string, after = 0): Promise<RunOutcome | null> {
  const stub = sessionStub(env, sessionId);
  const run = await stub.waitRun(runId);
  if (!run) return null;
  const outcome: RunOutcome = { run, lessonKeys: [], approvals: [], inputs: [], authorizations: [], warnings: [], lastSeq: after };
  const events = await stub.streamRun(runId, after);
  if (!events) return outcome;
  const settled = new Set<string>();
  for await (const { seq, event: e } of readStreamRows(events)) {
    if (seq !== undefined) outcome.lastSeq = Math.max(outcome.lastSeq, seq);
    if (e.type === "document.saved" && !outcome.lessonKeys.includes(e.key)) outcome.lessonKeys.push(e.key);
    else if (e.type === "approval.required")
      outcome.approvals.push({ approvalId: e.approvalId, name: e.name, args: toJsonRecord(e.args), expiresAt: e.expiresAt });
    else if (e.type === "approval.decided") settled.add(e.approvalId);
    else if (e.type === "input.required")
      outcome.inputs.push({
        inputId: e.inputId,
        server: e.server,
        message: e.message,
        requestedSchema: toJsonRecord(e.requestedSchema),
        expiresAt: e.expiresAt,
      });
    else if (e.type === "input.answered") settled.add(e.inputId);
    else if (e.type === "mcp.authorization_required" && !outcome.authorizations.some((a) => a.server === e.server))
      outcome.authorizations.push({ server: e.server, authorizationUrl: e.authorizationUrl });
    else if (e.type === "warning" && !e.agent && !outcome.warnings.some((w) => w.code === e.code && w.server === e.server))
      outcome.warnings.push({ code: e.code, message: e.message, ...(e.server !== undefined ? { server: e.server } : {}) });
  }
  outcome.approvals = outcome.approvals.filter((a) => !settled.has(a.approvalId));
  outcome.inputs = outcome.inputs.filter((i) => !settled.has(i.inputId));
  return outcome;
}
