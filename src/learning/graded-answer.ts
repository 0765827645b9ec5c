// A graded answer: the shape every grader returns and `POST /v1/lessons/:key/answers` answers with.
import * as z from "zod";

export const VERDICTS = ["correct", "partial", "incorrect"] as const;

export type Verdict = (typeof VERDICTS)[number];

export const GradeSchema = z.object({
  verdict: z.enum(VERDICTS),
  /** 0–1: the share of the answer that is right. */
  score: z.number().min(0).max(1),
  /** Why, in a sentence or two the learner can act on. */
  feedback: z.string().min(1).max(4000),
  /** The key's answer. */
  expected: z.string(),
});

export type Grade = z.output<typeof GradeSchema>;

export interface GradedAnswer extends Grade {
  exerciseId: string;
}
