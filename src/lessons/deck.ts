// A lesson's (or a course's) exercises as an Anki deck, in Anki's documented text import
// (https://docs.ankiweb.net/importing/text-files.html#file-headers): tab-separated notes of the Basic
// type, the headers saying so (#separator, #html, #notetype, #deck, #guid column, #tags column). No #columns:
// Anki matches its labels against the note type's field names, which are in the collection's language
// (Vorderseite, Anverso…), so in any other than English the GUID landed on the front and the back stayed
// empty; without labels it maps the fields by position, past the GUID and tags columns.
// The front is the question (and the options), the back the Answer Key's answer and explanation, both as
// HTML with math in MathJax's \(…\) and \[…\], which Anki renders; a GUID per exercise makes a second
// import update the notes instead of doubling them.
import { trimChars } from "../lib/trim-chars";
import type { ExerciseSet } from "./exercise-store";
import type { KeyedExercise } from "./exercises";
import { renderInDialect, SIMPLE_HTML, type MarkdownDialect } from "./markdown-dialect";
import { vocabularyOf } from "./vocabulary";

/** Anki's card HTML; TeX in the delimiters Anki's MathJax reads. */
const ANKI_HTML: MarkdownDialect = {
  ...SIMPLE_HTML,
  codeBlock: (code) => `<pre><code>${SIMPLE_HTML.escape(code)}</code></pre>`,
  math: (tex, display) => SIMPLE_HTML.escape(display ? `\\[${tex}\\]` : `\\(${tex}\\)`),
};

/** One field: HTML on one line (newlines as <br>), with no tab, so it needs no quoting. */
function field(markdown: string): string {
  return renderInDialect(markdown, ANKI_HTML).join("<br><br>").replace(/\r?\n/g, "<br>").replaceAll("\t", " ");
}

/** A tag: Anki's tags are space-separated, so no spaces in one. */
const tag = (text: string) => trimChars(text.replace(/[^\p{L}\p{N}_.:-]+/gu, "_"), "_");

function note(lessonKey: string, e: KeyedExercise, noKey: NoKey): string {
  const options = e.options?.length ? `\n\n${e.options.map((o) => `${o.letter}. ${o.text}`).join("  \n")}` : "";
  const back = e.key ? [`**${e.key.answer}**`, e.key.explanation].filter(Boolean).join("\n\n") : noKey(e.language);
  const guid = `studyagent:${lessonKey}#${e.id}`;
  const tags = ["studyagent", tag(lessonKey.replace(/\.[a-z]+$/, "")), tag(e.type)].join(" ");
  // The number stands before the rendered question, not in its first line, where it kept a table, a list or
  // a heading the question opens with from being read as one.
  const front = `<b>${e.id}.</b> ${field(`${e.question}${options}`)}`;
  // Anki lays a card out by its first strong letter (dir="auto"): an Arabic question opening with a Latin
  // word or a formula went left to right. The lesson's own direction says.
  const rtl = vocabularyOf(e.language)?.direction === "rtl";
  const inDirection = (html: string) => (rtl ? `<div dir="rtl">${html}</div>` : html);
  return [guid, inDirection(front), inDirection(field(back)), tags].join("\t");
}

/** What the back of a card without an Answer Key entry says, in the lesson's language (learner-phrases.json's `noKey`). */
export type NoKey = (language: string | undefined) => string;

/** The deck: Anki's headers, then one note per exercise of every set. */
export function ankiDeck(title: string, sets: readonly ExerciseSet[], noKey: NoKey): string {
  const headers = [
    "#separator:tab",
    "#html:true",
    "#notetype:Basic",
    `#deck:${title.replace(/[\r\n\t]+/g, " ").trim() || "StudyAgent"}`,
    "#guid column:1",
    "#tags column:4",
  ];
  const notes = sets.flatMap((set) => set.exercises.map((e) => note(set.lessonKey, e, noKey)));
  return `${[...headers, ...notes].join("\n")}\n`;
}

/** The file name a deck downloads as. */
export const deckFilename = (name: string) => `${name.replace(/\.[a-z]+$/, "").replace(/[^A-Za-z0-9_-]+/g, "-")}-anki.txt`;
