// Exercises answered in place in the lesson reader: under each exercise of the rendered lesson, a form
// (A–D for multiple choice, text for the rest) that sends the answer to be graded and shows the verdict,
// the feedback and the expected answer; above the lesson, the learner's progress. The forms speak the
// page's language inside a lesson that may declare another; the lesson's own words in them declare the lesson's.
import { attemptKeys } from "./attempt-key.js";
import { field, make, uniqueId } from "./dom.js";
import { explain } from "./explain.js";
import { renderInline } from "./markdown.js";
import { count, phraseOf, t } from "./i18n.js";

/** A line whose text may hold Markdown and math (an option, feedback, the expected answer), sanitized; the text in `language` when known. */
function richLine(tag, className, prefix, markdown, language) {
  const line = make(tag, { className });
  line.append(prefix);
  const rest = make("span", language ? { attrs: { lang: language } } : {});
  rest.innerHTML = renderInline(markdown);
  line.append(rest);
  return line;
}

const VERDICT = { correct: "correct", partial: "partlyRight", incorrect: "notQuite" };

/** The heading that introduces exercise `id` ("Exercise 1.3 (Fill in the blank)", "练习 1.3"), at or after `from`. */
function headingOf(headings, id, from) {
  const token = new RegExp(`(^|[^\\d.])${id.replace(".", "\\.")}([^\\d.]|$)`);
  for (let i = from; i < headings.length; i++) if (token.test(headings[i].textContent)) return i;
  return -1;
}

/** The last element of the exercise's content: everything after its heading until the next heading. */
function endOf(heading) {
  let end = heading;
  while (end.nextElementSibling && !/^H[1-6]$/.test(end.nextElementSibling.tagName)) end = end.nextElementSibling;
  return end;
}

function answerControls(exercise) {
  if (exercise.type === "multiple_choice" && exercise.options?.length) {
    const group = make("div", { className: "choices", attrs: { role: "radiogroup", "aria-label": t("optionsOf", { id: exercise.id }) } });
    const name = uniqueId("choice");
    for (const o of exercise.options) {
      const radio = make("input", { attrs: { type: "radio", name, value: o.letter, id: uniqueId("option") } });
      radio.required = true;
      const label = make("label", { attrs: { for: radio.id } });
      label.append(make("strong", { text: `${o.letter}.` }), " ", richLine("span", "", "", o.text, exercise.language));
      const row = make("div", { className: "choice" });
      row.append(radio, label);
      group.append(row);
    }
    return { element: group, read: () => group.querySelector("input:checked")?.value ?? "" };
  }
  const long = exercise.type === "short_answer" || exercise.type === "practice";
  // dir="auto": an answer typed in Arabic reads right to left, `5x^4` left to right.
  const input = make(long ? "textarea" : "input", { attrs: long ? { rows: "3", dir: "auto" } : { type: "text", autocomplete: "off", dir: "auto" } });
  input.required = true;
  return { element: field(t("yourAnswer"), input), read: () => input.value };
}

/**
 * @param {HTMLElement} body the rendered lesson
 * @param {{id: string, type: string, options?: {letter: string, text: string}[], language?: string}[]} exercises
 * @param {(exerciseId: string, answer: string, idempotencyKey: string) => Promise<{verdict: string, score: number, feedback: string, expected: string}>} answer
 *   `idempotencyKey` is one per answer checked, the same when Check is pressed again after a failure with
 *   the answer unchanged: the server grades and counts it once.
 */
export function attachExercises(body, exercises, answer) {
  const headings = [...body.querySelectorAll("h1, h2, h3, h4, h5, h6")];
  const pageLanguage = document.documentElement.lang;
  const leftover = make("section", { className: "exercise-forms", attrs: { "aria-label": t("exercises"), lang: pageLanguage } });
  let from = 0;
  for (const exercise of exercises) {
    const form = make("form", {
      className: "exercise-answer",
      attrs: { "aria-label": t("answerExercise", { id: exercise.id }), novalidate: "", lang: pageLanguage },
    });
    const controls = answerControls(exercise);
    const check = make("button", { className: "primary", text: t("check"), attrs: { type: "submit" } });
    const result = make("div", { className: "verdict", attrs: { role: "status", "aria-live": "polite" } });
    const keys = attemptKeys();
    form.append(controls.element, check, result);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const text = controls.read();
      if (!text.trim()) {
        result.dataset.verdict = "";
        result.replaceChildren(make("p", { text: t(exercise.type === "multiple_choice" ? "chooseFirst" : "writeFirst") }));
        return;
      }
      check.disabled = true;
      result.replaceChildren(make("p", { text: t("checking") }));
      try {
        const graded = await answer(exercise.id, text, keys.keyFor(text));
        keys.done();
        result.dataset.verdict = graded.verdict;
        result.replaceChildren(
          make("p", {
            className: "verdict-line",
            text: t("verdictScore", { verdict: phraseOf(VERDICT, graded.verdict), score: Math.round(graded.score * 100) }),
          }),
          // Multiple choice is graded from the key, in the lesson's words; another answer may be graded by the
          // model, in the answer's language, which the page does not know.
          richLine("p", "feedback", "", graded.feedback, exercise.type === "multiple_choice" ? exercise.language : undefined),
          richLine("p", "expected", t("expected"), graded.expected, exercise.language),
        );
      } catch (e) {
        result.dataset.verdict = "";
        result.replaceChildren(make("p", { text: t("couldNotCheck", { why: explain(e) }) }));
      } finally {
        check.disabled = false;
      }
    });
    const at = headingOf(headings, exercise.id, from);
    if (at >= 0) {
      endOf(headings[at]).after(form);
      from = at + 1;
    } else {
      leftover.append(make("h3", { text: t("exercise", { id: exercise.id }) }), richLine("p", "", "", exercise.question, exercise.language), form);
    }
  }
  if (leftover.childElementCount) body.append(leftover);
}

/** "3 answered · 2 correct (67 %) · streak 1 day · 1 review due · this lesson: 3 of 5 exercises tried". */
export function progressLine(progress, lessonKey, exerciseCount) {
  const lesson = progress.byLesson?.find((l) => l.lessonKey === lessonKey);
  return [
    t("answeredCount", { n: progress.answered }),
    t("correctCount", { n: progress.correct, percent: Math.round((progress.accuracy ?? 0) * 100) }),
    count(progress.streakDays, "streakOne", "streakMany"),
    count(progress.dueReviews, "reviewDueOne", "reviewDueMany"),
    ...(lesson ? [t("lessonTried", { tried: lesson.exercises, total: exerciseCount })] : []),
  ].join(" · ");
}
