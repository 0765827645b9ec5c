// What a channel needs from a finished run: its result, the lessons it saved (save_document's keys,
// read from the run's events) and the approvals it waits for. Works for a run started a moment ago, for
// one a restarted object re-attaches to by id, and for a run resumed after a pause (`after`: only the
// events since the pause count).
import { sessionStub } from "../session/start-run";
import type { RunView } from "../session/session-object";
import { readStreamEvents } from "../session/stream-events";
import type { Env } from "../env";
import type { ApprovalRequest } from "./approval-buttons";

export interface RunOutcome {
  run: RunView;
  /** Keys of the documents the run saved, in order, each once. */
  lessonKeys: string[];
  /** The approvals a paused run waits for (asked after `after` and not settled yet), in order. */
  approvals: ApprovalRequest[];
  /** The trace seq of the last event read (`after` if none): where a paused run's events continue. */
  lastSeq: number;
}

const LESSON_LINK = /\/v1\/lessons\/([a-z0-9]+(?:-[a-z0-9]+)*\.(?:md|txt|csv|json))/;

/** Waits for the run to end (or pause for approval); null if the session has no such run. */
export async function runOutcome(env: Env, sessionId: string, runId: string, after = 0): Promise<RunOutcome | null> {
  const stub = sessionStub(env, sessionId);
  // The cast: RPC typing turns RunView's `pending: unknown` into never.
  const run = (await stub.waitRun(runId)) as RunView | null;
  if (!run) return null;
  const outcome: RunOutcome = { run, lessonKeys: [], approvals: [], lastSeq: after };
  const events = await stub.streamRun(runId, after);
  if (!events) return outcome;
  const settled = new Set<string>();
  for await (const e of readStreamEvents(events)) {
    if (e.seq !== undefined) outcome.lastSeq = Math.max(outcome.lastSeq, e.seq);
    if (e.type === "tool.finished" && e.data.name === "save_document" && e.data.status !== "error") {
      // save_document's output names the saved file by its link ("… link: /v1/lessons/<key>").
      const key = LESSON_LINK.exec(String(e.data.output ?? ""))?.[1];
      if (key && !outcome.lessonKeys.includes(key)) outcome.lessonKeys.push(key);
    } else if (e.type === "approval.required") {
      outcome.approvals.push({ approvalId: String(e.data.approvalId), name: String(e.data.name), args: e.data.args, expiresAt: String(e.data.expiresAt) });
    } else if (e.type === "approval.decided") {
      settled.add(String(e.data.approvalId));
    }
  }
  outcome.approvals = outcome.approvals.filter((a) => !settled.has(a.approvalId));
  return outcome;
}
