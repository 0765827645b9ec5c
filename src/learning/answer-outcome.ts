// What the Learner object answers for an answer (learner-object.ts), as a value: a Durable Object's RPC
// carries an error's message but not its class. `answered` turns a refusal back into the error every
// channel catches (AnswerRefused, CouldNotGrade), so the chats, the MCP tool and the route see no change.
import { CodedError } from "../lib/coded-error";
import { refuse, type Refusal } from "../lib/outcome";
import { AnswerRefused } from "./answer-refused";
import { CouldNotGrade } from "./grade-answer";
import type { GradedAnswer } from "./graded-answer";

/** A graded answer, and whether it is an earlier result again (a retry): nothing was graded or counted for it. */
export interface SubmittedAnswer {
  result: GradedAnswer;
  replayed: boolean;
}

export type AnswerOutcome =
  | ({ ok: true } & SubmittedAnswer)
  | Refusal<"learner_not_found" | "idempotency_key_reused">
  | (Refusal<"could_not_grade"> & { cause: CouldNotGrade["cause"] });

/** A grading's outcome as a value: its result, or the refusal its error means; any other error is thrown. */
export async function outcomeOf(grading: Promise<GradedAnswer>): Promise<AnswerOutcome> {
  try {
    return { ok: true, result: await grading, replayed: false };
  } catch (e) {
    if (e instanceof CouldNotGrade) return { ...refuse("could_not_grade", e.message), cause: e.cause };
    if (e instanceof AnswerRefused && e.code === "learner_not_found") return refuse(e.code, e.message);
    throw e;
  }
}

/** The outcome's answer, or its refusal thrown as the error it was. */
export function answered(outcome: AnswerOutcome): SubmittedAnswer {
  if (outcome.ok) return { result: outcome.result, replayed: outcome.replayed };
  if (outcome.code === "could_not_grade") throw new CouldNotGrade(outcome.cause);
  if (outcome.code === "learner_not_found") throw new AnswerRefused(outcome.code, outcome.message);
  throw new CodedError(outcome.code, outcome.message);
}
