// The blind answer check: before a lesson is final, a reader that has only the chapter (never the
// Answer Key) solves its multiple choice and fill-in exercises, one model call per chapter (and none
// again for a chapter whose text has not changed, so a lesson built in parts solves each chapter once). Where its
// answer and the key disagree, the writer gets a finding to resolve: the key is wrong, or the
// question or the chapter is not clear enough to have one right answer.
import * as z from "zod";
import { addUsage, emptyUsage, type ModelClient, type Usage, userMessage } from "../agent";
import { answerLetter } from "./answer-key";
import { chosenLetter, matchesKey } from "./answer-match";
import { amountInEnglish, quantity } from "./answer-quantity";
import { sameTruth } from "./truth-words";
import { type LessonChapter, type LessonExercise, type LessonFinding } from "./validator";
import { errorMessage } from "../lib/error-message";
import { sha256Hex } from "../lib/sha256-hex";
import type { LessonVocabulary } from "./vocabulary";

export const SOLVER_SYSTEM_PROMPT =
  "You are a careful student with only one chapter of a lesson in front of you. Solve the exercises you are asked to solve, " +
  'using the chapter. Reply with one JSON object and nothing else, mapping each exercise number to your answer, e.g. {"1.1": "B", "1.3": "5x^4"}: ' +
  "for multiple choice only the option letter, for fill in the blank only what goes in the blank.";

const SolverReply = z.record(z.string(), z.union([z.string(), z.number()]).transform(String));

export interface AnswerCheck {
  findings: LessonFinding[];
  usage: Usage;
  /** Why some chapter could not be checked (a failed model call, an unreadable reply). */
  unavailable: string[];
}

/** A chapter's solver answers by a digest of its text, so an unchanged chapter is not solved again in a run. */
export type SolverCache = Map<string, Record<string, string>>;

const checked = (e: LessonExercise) => (e.type === "multiple_choice" || e.type === "fill_in") && e.answer !== undefined;

export async function checkAnswersBlind(
  chapters: readonly LessonChapter[],
  opts: { model: ModelClient; signal: AbortSignal; cache: SolverCache; lines: readonly string[]; language?: LessonVocabulary },
): Promise<AnswerCheck> {
  const result: AnswerCheck = { findings: [], usage: emptyUsage(), unavailable: [] };
  await Promise.all(
    chapters.map(async (chapter) => {
      const exercises = chapter.exercises.filter(checked);
      if (!exercises.length) return;
      const solved = await solveChapter(chapter, exercises, opts, result);
      if (!solved) return;
      for (const e of exercises) {
        const disagreement = disagree(e, solved[e.id], opts.language);
        if (disagreement) {
          result.findings.push({
            code: "answer_disputed",
            chapter: chapter.number,
            line: e.answer!.line,
            quote: (opts.lines[e.answer!.line - 1] ?? "").trim().slice(0, 160),
            message: `Exercise ${e.id}: the Answer Key says ${disagreement.key}, but a reader who solved it from Chapter ${chapter.number} alone, without the key, answered ${disagreement.solver}. Work it out again: if the key is wrong, fix it; if it is right, make the question${e.type === "multiple_choice" ? ", its options" : ""} or the chapter clear enough that only ${disagreement.key} fits${e.type === "fill_in" ? `; if ${disagreement.solver} is right too, add it to the entry's Accepted line` : ""}.`,
          });
        }
      }
    }),
  );
  result.findings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return result;
}

async function solveChapter(
  chapter: LessonChapter,
  exercises: LessonExercise[],
  opts: { model: ModelClient; signal: AbortSignal; cache: SolverCache },
  result: AnswerCheck,
): Promise<Record<string, string> | undefined> {
  const ask = exercises.map((e) => `${e.id} (${e.type === "multiple_choice" ? "multiple choice" : "fill in the blank"})`).join(", ");
  // A digest, not the chapter itself: the cache goes with the run's state, stored between invocations.
  const cacheKey = await sha256Hex(`${ask}\n${chapter.text.trim()}`);
  const hit = opts.cache.get(cacheKey);
  if (hit) return hit;
  try {
    const reply = await opts.model.complete({
      system: SOLVER_SYSTEM_PROMPT,
      messages: [userMessage(`${chapter.text}\n\n---\nSolve exercises ${ask}.`)],
      tools: [],
      stream: false,
      signal: opts.signal,
    });
    result.usage = addUsage(result.usage, reply.usage);
    const json = jsonObject(reply.content);
    const parsed = SolverReply.safeParse(json ? JSON.parse(json) : undefined);
    if (!parsed.success) {
      result.unavailable.push(`Chapter ${chapter.number}: the solver's reply was not the JSON asked for`);
      return undefined;
    }
    opts.cache.set(cacheKey, parsed.data);
    return parsed.data;
  } catch (e) {
    if (opts.signal.aborted) throw e;
    result.unavailable.push(`Chapter ${chapter.number}: ${errorMessage(e)}`);
    return undefined;
  }
}

/** The JSON object in a reply: from its first `{` to its last `}` (the solver may write around it); undefined when it has none. */
export function jsonObject(reply: string): string | undefined {
  // By index, not by /\{[\s\S]*\}/: that searches the rest again from each `{` of a reply with no `}` after it (time in the square).
  const start = reply.indexOf("{");
  const end = reply.lastIndexOf("}");
  return start >= 0 && end > start ? reply.slice(start, end + 1) : undefined;
}

/**
 * The key's and the solver's answers when they differ; undefined when they agree or the solver gave
 * none. Multiple choice compares letters (the solver may give the option's text); fill-in compares
 * whole values with the graders' comparison, against the key's answer, its alternatives and its
 * Accepted list, and a number also as English writes it.
 */
function disagree(e: LessonExercise, solver: string | undefined, language?: LessonVocabulary): { key: string; solver: string } | undefined {
  if (solver === undefined || !solver.trim()) return undefined;
  const key = e.answer!;
  if (e.type === "multiple_choice") {
    const [k, s] = [answerLetter(key.text), chosenLetter(e.options, solver, language)];
    return k && s && k !== s ? { key: k, solver: s } : undefined;
  }
  // A number written as English writes it (`5,000` for a German `5.000`) is the key's, as the graders leave it too;
  // so is a truth word of either language (`False` for a Spanish key `Falso`), as the graders read it.
  const amount = quantity(key.text, language);
  const agrees =
    matchesKey(solver, key, language) || (amount !== undefined && amountInEnglish(solver, amount, language)) || sameTruth(solver, key, language) === true;
  return agrees ? undefined : { key: `"${key.text}"`, solver: `"${solver.trim()}"` };
}
