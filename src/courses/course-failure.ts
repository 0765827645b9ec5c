// How a course records what went wrong: a coded error the page says in the learner's language, with the
// message for the API. Shared by the tick's work (course-registry.ts) and delivery (lesson-delivery.ts).
import { CodedError } from "../lib/coded-error";
import { errorMessage } from "../lib/error-message";

/** A run that did not complete, by its error's code (run_incomplete without one: stopped at max_steps, not found). */
export function incomplete(what: string, run: { status: string; error?: { code: string; message: string } } | undefined): CodedError {
  const how = !run ? "the run was not found" : run.error ? `${run.status}: ${run.error.message}` : run.status;
  return new CodedError(run?.error?.code ?? "run_incomplete", `${what}: ${how}`);
}

/** A failure as a course records it: a code the page says in the learner's language, and the message for the API. */
export const failureOf = (e: unknown) => ({ code: e instanceof CodedError ? e.code : "internal_error", message: errorMessage(e) });
