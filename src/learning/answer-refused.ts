// Why an answer could not be taken, for every channel to tell its own way; each code has its HTTP status
// in the catalogue (src/lib/error-codes.ts), so the answers route needs no mapping of its own.
import { CodedError } from "../lib/coded-error";

export class AnswerRefused extends CodedError<
  "lesson_not_found" | "exercise_not_found" | "learner_not_found" | "no_answer_key" | "answer_too_long" | "empty_answer"
> {}
