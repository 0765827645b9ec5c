// A model grading runs in the learner's session (as a recipe: its conversation is its own), and a new run
// there ends the runs left waiting; but a grading is no new message. Answering a short answer as the chat's
// session cancelled the chat's run waiting for an approval, and deciding it then was 409 (withdrawn). The
// web page answers as its current chat, so this happened in normal use.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { putLesson } from "../support/quiz-lesson";
import { settledRun, startRun } from "../support/session-api";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { call, uniqueId } from "../support/worker-http";

describe("a model grading in a session with a run waiting for approval", () => {
  it("leaves that run waiting, and its approval can still be decided", async () => {
    const sessionId = uniqueId("waiting");
    const chat = await script(uniqueId("waiting-run"), [
      { toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1+1` } }] },
      { text: "It is 2." },
    ]);
    const paused = await startRun(sessionId, `${chat} add`);
    expect(paused.status).toBe("awaiting_approval");

    const key = `${uniqueId("quiz")}.md`;
    await putLesson(env.LESSONS, key);
    const grader = await script(uniqueId("grade"), [{ toolCalls: [{ name: "grade", args: { verdict: "partial", score: 0.5, feedback: "Half." } }] }]);
    const graded = await call(`/v1/lessons/${key}/answers`, { method: "POST", json: { exercise: "1.4", answer: `${grader} Because one x goes.`, sessionId } });
    expect(await graded.json()).toMatchObject({ verdict: "partial" });

    const session = (await (await call(`/v1/sessions/${sessionId}`)).json()) as { runs: Array<{ runId: string; status: string }> };
    expect(session.runs.find((r) => r.runId === paused.runId)?.status).toBe("awaiting_approval");
    const decided = await call(`/v1/sessions/${sessionId}/approvals/${paused.pending![0]!.approvalId}`, { method: "POST", json: { decision: "allow" } });
    expect(decided.status).toBe(200);
    expect(await settledRun(sessionId, paused.runId)).toMatchObject({ status: "completed", output: "It is 2." });
  });
});
