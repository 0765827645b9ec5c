// Grades one answer: multiple choice and fill in the blank from the key (deterministic-grading.ts),
// short answers and practice tasks by the model in a grading run of the learner's session (or of a
// throwaway session when the learner is anonymous), so the model's work is traced and counted.
import type { Config } from "../config";
import type { Env } from "../env";
import type { Tenant } from "../lib/tenant";
import { startEphemeralRun } from "../session/runs/ephemeral-run";
import { startRun } from "../session/runs/start-run";
import { gradeFillIn, gradeMultipleChoice } from "./deterministic-grading";
import type { AnswerKey, Exercise } from "../lessons/exercises";
import { GradeSchema, type Grade } from "./grade";
import { gradingRequest, type GradingTask } from "./grading-run";

/** The grader gave no usable verdict (or could not run); the answer is not recorded. */
export class CouldNotGrade extends Error {
  constructor(readonly cause: { code: string; message: string }) {
    super(`Could not grade this answer: ${cause.message}`);
  }
}

/** Where a model grading runs: the learner's session, as the learner's owner (absent: a throwaway one, for the tenant answering). */
export interface GradingSession {
  /** A learner's session: its owner was looked up (learner-owner.ts), so it is created for that owner even under a derived id. */
  sessionId?: string;
  tenant: Tenant;
}

export async function gradeAnswer(env: Env, config: Config, exercise: Exercise, key: AnswerKey, answer: string, where: GradingSession): Promise<Grade> {
  if (exercise.type === "multiple_choice") return gradeMultipleChoice(exercise, key, answer);
  if (exercise.type === "fill_in") return gradeFillIn(exercise, key, answer);
  const task: GradingTask = { exercise: { id: exercise.id, type: exercise.type, question: exercise.question }, key, answer };
  const options = { stream: false, paradigm: "react" as const, maxSteps: config.MAX_STEPS, channel: "grader", tenant: where.tenant, grading: task };
  const input = gradingRequest(task);
  let run;
  if (where.sessionId) run = await (await startRun(env, where.sessionId, input, { ...options, derivedSession: true })).result();
  else {
    const ephemeral = await startEphemeralRun(env, [], input, options);
    try {
      run = await ephemeral.result();
    } finally {
      await ephemeral.dispose();
    }
  }
  if (run.status !== "completed") throw new CouldNotGrade(run.error ?? { code: run.status, message: `the grading run ended ${run.status}` });
  const verdict = GradeSchema.omit({ expected: true }).safeParse(parseJson(run.output));
  if (!verdict.success) throw new CouldNotGrade({ code: "could_not_grade", message: "the grader's verdict was malformed" });
  return { ...verdict.data, expected: key.answer };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
