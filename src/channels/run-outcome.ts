// What a channel needs from a finished run: its result, the lessons it saved (save_document's keys,
// read from the run's events) and any approval it waits for. Works for a run started a moment ago and
// for one a restarted object re-attaches to by id.
import { sessionStub } from "../session/start-run";
import type { RunView } from "../session/session-object";
import { readStreamEvents } from "../session/stream-events";
import type { Env } from "../env";

export interface RunOutcome {
  run: RunView;
  /** Keys of the documents the run saved, in order, each once. */
  lessonKeys: string[];
  /** Set when the run paused for an approval. */
  approval?: { approvalId: string; name: string };
}

const LESSON_LINK = /\/v1\/lessons\/([a-z0-9]+(?:-[a-z0-9]+)*\.(?:md|txt|csv|json))/;

/** Waits for the run to end (or pause for approval); null if the session has no such run. */
export async function runOutcome(env: Env, sessionId: string, runId: string): Promise<RunOutcome | null> {
  const stub = sessionStub(env, sessionId);
  // The cast: RPC typing turns RunView's `pending: unknown` into never.
  const run = (await stub.waitRun(runId)) as RunView | null;
  if (!run) return null;
  const outcome: RunOutcome = { run, lessonKeys: [] };
  const events = await stub.streamRun(runId, 0);
  if (!events) return outcome;
  for await (const e of readStreamEvents(events)) {
    if (e.type === "tool.finished" && e.data.name === "save_document" && e.data.status !== "error") {
      // save_document's output names the saved file by its link ("… link: /v1/lessons/<key>").
      const key = LESSON_LINK.exec(String(e.data.output ?? ""))?.[1];
      if (key && !outcome.lessonKeys.includes(key)) outcome.lessonKeys.push(key);
    } else if (e.type === "approval.required") {
      outcome.approval = { approvalId: String(e.data.approvalId), name: String(e.data.name) };
    }
  }
  return outcome;
}
