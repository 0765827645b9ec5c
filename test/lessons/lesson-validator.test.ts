import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeUrl } from "../../src/lessons/sources";
import { looksLikeLesson } from "../../src/lessons/lesson-shape";
import { type FindingCode, lessonTitle, validateLesson } from "../../src/lessons/validator";
import { FIXTURES } from "../support/paths";

const fixture = (name: string) => readFileSync(resolve(FIXTURES, "lessons", name), "utf8");
const good = fixture("good.md");

/** good.md with one edit; fails loudly if the fixture no longer contains `from`. */
function broken(from: string, to: string): string {
  expect(good).toContain(from);
  return good.replace(from, to);
}

function findings(markdown: string, fetchedUrls?: Set<string>) {
  const result = validateLesson(markdown, fetchedUrls ? { fetchedUrls } : {});
  expect(result.ok).toBe(false);
  return result.findings;
}

function finding(markdown: string, code: FindingCode, fetchedUrls?: Set<string>) {
  const all = findings(markdown, fetchedUrls);
  const match = all.find((f) => f.code === code);
  expect(match, `expected ${code} among ${JSON.stringify(all, null, 1)}`).toBeDefined();
  return match!;
}

const FETCHED = new Set([
  // The same pages the lesson cites, spelled the way a fetch tool might have recorded them.
  "http://en.wikipedia.org/wiki/Derivative/",
  "https://en.wikipedia.org/wiki/Limit_(mathematics)#History",
  "https://example.edu/numerical-differentiation?utm_source=search",
]);

describe("validateLesson on good lessons", () => {
  it("accepts a two-chapter lesson (code blocks with # lines are not headings)", () => {
    expect(validateLesson(good)).toEqual({ ok: true, findings: [] });
  });

  it("accepts it when every source was fetched, comparing normalized URLs", () => {
    expect(validateLesson(good, { fetchedUrls: FETCHED })).toEqual({ ok: true, findings: [] });
  });

  it("accepts a daily lesson in Chinese: chapter 4 alone, bilingual headings, emoji, extra sections", () => {
    expect(validateLesson(fixture("daily-zh.md"), { fetchedUrls: new Set(["https://en.wikipedia.org/wiki/Chain_rule"]) })).toEqual({
      ok: true,
      findings: [],
    });
  });
});

describe("validateLesson on broken lessons", () => {
  it("missing title", () => {
    expect(finding(broken("# Derivatives: Measuring Change\n", ""), "missing_title").message).toContain("`# {title}`");
  });

  it("two level-1 headings", () => {
    expect(finding(broken("## Table of Contents", "# Table of Contents"), "multiple_titles").message).toContain('"Table of Contents"');
  });

  it("no chapter heading at all", () => {
    const f = finding("# Notes\n\n#### Chapter 1: too deep\n\n### Exercises\n", "no_chapters");
    expect(f.message).toContain("`## Chapter 1: {title}`");
    expect(f.message).toContain('Found "Chapter 1: too deep" at level 4');
  });

  it("a chapter whose heading is off is still read as a chapter: one finding each", () => {
    const md = broken("## Chapter 1: The Derivative", "## Part 1: The Derivative").replace("## Chapter 2:", "### Chapter 2:");
    const all = findings(md);
    expect(all.map((f) => f.code)).toEqual(["chapter_heading", "chapter_heading"]);
    expect(all[0]).toMatchObject({ chapter: 1, quote: "## Part 1: The Derivative as a Rate of Change" });
    expect(all[1]!.message).toContain('"### Chapter 2: Computing Derivatives with Code" is a chapter heading at level 3');
  });

  it("chapters not numbered consecutively", () => {
    expect(finding(broken("## Chapter 2:", "## Chapter 3:"), "chapter_numbering").message).toContain("numbered 1, 3");
  });

  it("a missing section, with the chapter it belongs to", () => {
    const f = finding(broken("### Summary\n- A small step and a difference quotient approximate the derivative.\n", ""), "missing_section");
    expect(f).toMatchObject({ chapter: 2 });
    expect(f.message).toContain("`### Summary`");
  });

  it("a section written at the wrong level is pointed out", () => {
    const f = finding(broken("### Summary\n- The derivative is", "## Summary\n- The derivative is"), "missing_section");
    expect(f).toMatchObject({ chapter: 1 });
    expect(f.message).toContain('Found "## Summary"; make it a level-3 heading');
    // The misplaced heading does not swallow the rest of the chapter.
    expect(findings(broken("### Summary\n- The derivative is", "## Summary\n- The derivative is"))).toHaveLength(1);
  });

  it("a section hidden in an HTML comment does not count", () => {
    const md = broken("### Further Questions\n- What does a negative", "<!--\n### Further Questions\n-->\n- What does a negative");
    expect(finding(md, "missing_section").message).toContain("`### Further Questions`");
  });

  it("an empty example", () => {
    const md = broken("### Examples\nWith $f(x) = x^2$, `derivative(f, 3)` prints about `6.0`, matching $2x = 6$.\n", "### Examples\n\n");
    expect(finding(md, "empty_section")).toMatchObject({ chapter: 2 });
  });

  it("objectives that are not a list", () => {
    const md = broken("- Explain the derivative as an instantaneous rate of change\n- Compute", "You will explain the derivative and compute");
    expect(finding(md, "objectives_not_list")).toMatchObject({ chapter: 1 });
  });

  it("key concepts without a table", () => {
    const md = broken(
      "| Concept | Meaning |\n|---|---|\n| Difference quotient | The average rate of change over a small step $h$ |",
      "Difference quotient: the average rate of change.",
    );
    expect(finding(md, "key_concepts_no_table")).toMatchObject({ chapter: 2 });
  });

  it("an explanation without its common mistakes", () => {
    const f = finding(broken("#### Common mistakes\n- Choosing", "- Choosing"), "missing_explanation_part");
    expect(f).toMatchObject({ chapter: 2 });
    expect(f.message).toContain("`#### Common mistakes`");
  });

  it("multiple choice with three options", () => {
    const f = finding(broken("- D. $3x$\n", ""), "mc_options");
    expect(f).toMatchObject({ chapter: 1 });
    expect(f.message).toContain("Exercise 1.2");
    expect(f.message).toContain("found 3 option lines (A, B, C)");
  });

  it("multiple choice with its options on one line", () => {
    const md = broken("- A. $x^2$\n- B. $3x^3$\n- C. $3x^2$\n- D. $3x$", "A) $x^2$  B) $3x^3$  C) $3x^2$  D) $3x$");
    expect(finding(md, "mc_options").message).toContain("found 1 option line (A)");
  });

  it("fill in the blank without a blank", () => {
    const f = finding(broken("The derivative of $x^5$ is ____ .", "What is the derivative of $x^5$?"), "fill_in_no_blank");
    expect(f).toMatchObject({ chapter: 1 });
    expect(f.message).toContain("Exercise 1.3");
  });

  it("an exercise of an unknown type is one finding (its answer still counts, the count is not repeated)", () => {
    const md = broken("#### Exercise 1.4 (Short answer)", "#### Exercise 1.4 (True or false)");
    expect(findings(md)).toHaveLength(1);
    expect(finding(md, "exercise_heading").message).toContain('type "True or false"');
  });

  it("too few multiple choice exercises", () => {
    const md = broken("#### Exercise 2.2 (Multiple-choice)", "#### Exercise 2.2 (Short answer)");
    expect(finding(md, "exercise_count").message).toContain(
      'Chapter 2 has 1 "Multiple choice" exercise (2.1); it needs 2. Add `#### Exercise 2.K (Multiple choice)`',
    );
  });

  it("an exercise numbered for another chapter", () => {
    expect(finding(broken("#### Exercise 1.5 (Practice task)", "#### Exercise 2.5 (Practice task)"), "exercise_id").message).toContain(
      "Exercise 2.5 is in Chapter 1; number it 1.5",
    );
  });

  it("exercises written as level-3 headings", () => {
    const md = broken("#### Exercise 1.1 (Multiple choice)", "### Exercise 1.1 (Multiple choice)");
    expect(finding(md, "exercise_heading").message).toContain('"### Exercise 1.1 (Multiple choice)" must be level-4 headings');
  });

  it("no answer key", () => {
    const md = good.slice(0, good.indexOf("## Answer Key")) + good.slice(good.indexOf("## Sources"));
    expect(finding(md, "missing_answer_key").message).toContain("`## Answer Key`");
  });

  it("an exercise without an answer", () => {
    const f = finding(broken("### Exercise 2.4\n", "### Note\n"), "answer_missing");
    expect(f).toMatchObject({ chapter: 2 });
    expect(f.message).toContain("no entry for Exercise 2.4");
  });

  it("an answer for an exercise that does not exist", () => {
    const md = broken("## Sources", "### Exercise 3.1\n**Answer:** A\n\n## Sources");
    expect(finding(md, "answer_unknown").message).toContain('entry "Exercise 3.1" but no chapter has that exercise');
  });

  it("a multiple choice answer that names no letter", () => {
    const f = finding(broken("**Answer:** C\n", "**Answer:** the third option\n"), "mc_answer_no_letter");
    expect(f.message).toContain("Exercise 1.2");
  });

  it("an empty answer", () => {
    expect(finding(broken("### Exercise 2.3\n**Answer:** $2h$\n", "### Exercise 2.3\n\n"), "answer_empty").message).toContain("Exercise 2.3");
  });

  it("no sources section", () => {
    expect(finding(good.slice(0, good.indexOf("## Sources")), "missing_sources").message).toContain("`## Sources`");
  });

  it("a sources section without links", () => {
    const md = good.slice(0, good.indexOf("## Sources")) + "## Sources\n1. Wikipedia\n";
    expect(finding(md, "sources_empty").message).toContain("no links");
  });

  it("a source that was not fetched in this run, named precisely", () => {
    const fetched = new Set([...FETCHED].filter((u) => !u.includes("example.edu")));
    const all = findings(good, fetched);
    expect(all).toEqual([expect.objectContaining({ code: "source_not_fetched" })]);
    expect(all[0]!.message).toContain("https://www.example.edu/numerical-differentiation/");
  });

  it("every source is unverified when nothing was fetched", () => {
    expect(findings(good, new Set()).filter((f) => f.code === "source_not_fetched")).toHaveLength(3);
  });

  it("a citation with no numbered source", () => {
    const md = broken("compute the difference quotient [3].", "compute the difference quotient [4].");
    expect(finding(md, "citation_unknown").message).toContain("[4]");
  });
});

describe("helpers", () => {
  it("looksLikeLesson tells lessons from other notes", () => {
    expect(looksLikeLesson(good)).toBe(true);
    expect(looksLikeLesson("# Notes\n\n### Exercises\n1. Do it")).toBe(true);
    expect(looksLikeLesson("# Shopping list\n\n## Monday\n- milk")).toBe(false);
    expect(looksLikeLesson("# Notes\n```md\n## Chapter 1: in a code block\n```")).toBe(false);
  });

  it("looksLikeLesson knows a lesson by its structure in any language: two of N.K headings, options A–D, a blank, an answer list", () => {
    const options = "- A. moja\n- B. mbili\n- C. tatu\n- D. nne\n";
    expect(looksLikeLesson(`# Somo\n\n#### Zoezi 1.1\nSwali?\n${options}\n#### Zoezi 1.2\nJaza ____ .\n`)).toBe(true);
    expect(looksLikeLesson(`# Somo\n\nSwali?\n${options}\nJaza ____ .\n`)).toBe(true);
    expect(looksLikeLesson("# Somo\n\n1.1: B\n1.2: 7\n\nJaza ____ .\n")).toBe(true);
    // One signal alone is an ordinary document: numbered sections, or a rule of underscores.
    expect(looksLikeLesson("# Handbook\n\n## 1.1 Setup\n## 1.2 Usage\n\n____\n")).toBe(false);
  });

  it("reports a chapter under half of LESSON_CHAPTER_WORDS, at its heading, with the count and the target", () => {
    const findings = validateLesson(good, { fetchedUrls: FETCHED, chapterWords: 1200 }).findings;
    expect(findings.map((f) => [f.code, f.chapter, f.quote])).toEqual([
      ["chapter_too_short", 1, "## Chapter 1: The Derivative as a Rate of Change"],
      ["chapter_too_short", 2, "## Chapter 2: Computing Derivatives with Code"],
    ]);
    expect(findings[0]!.message).toMatch(/^Chapter 1 teaches in about \d+ words .*the target is about 1200 words and a chapter needs at least 600\./);
    expect(validateLesson(good, { fetchedUrls: FETCHED }).findings).toEqual([]);
  });

  it("lessonTitle is the first level-1 heading", () => {
    expect(lessonTitle(good)).toBe("Derivatives: Measuring Change");
    expect(lessonTitle("no title")).toBeUndefined();
  });

  it.each([
    ["https://www.Example.com/a/b/?utm_source=x&b=2&a=1#frag", "example.com/a/b?a=1&b=2"],
    ["http://example.com", "example.com"],
    ["https://example.com:8443/x", "example.com:8443/x"],
    ["ftp://example.com/x", null],
    ["not a url", null],
  ])("normalizeUrl(%s) = %s", (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });
});
