// Mermaid diagrams for the page's diagram tests: a flowchart with a title and description (its alt text), a
// block mermaid cannot read, and the quiz lesson (quiz-lesson.ts) with both under "Formula or code".
import { QUIZ_LESSON } from "./quiz-lesson";

export const FLOWCHART = [
  "flowchart LR",
  "  accTitle: The power rule",
  "  accDescr: From x to the n to n times x to the n minus 1",
  "  A[x^n] -->|differentiate| B[n x^n-1]",
].join("\n");

/** The alt text the flowchart's image gets: its title, then its description. */
export const FLOWCHART_ALT = "The power rule. From x to the n to n times x to the n minus 1";

export const BROKEN_DIAGRAM = "flowchart LR\n  A -->|never closed B";

// A function, not a string, as the replacement: in a replacement string `$'` would mean the text after the match.
export const DIAGRAM_LESSON = QUIZ_LESSON.replace("#### Formula or code\n", () =>
  ["#### Formula or code", "```mermaid", FLOWCHART, "```", "", "```mermaid", BROKEN_DIAGRAM, "```", ""].join("\n"),
);
