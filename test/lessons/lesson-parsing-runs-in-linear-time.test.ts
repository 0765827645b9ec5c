// What replaced the lesson parser's expressions that took time in the square or cube of a run (of spaces,
// digits, `**`, `<!--`, `](`) reads what the old expression read, kept here as the oracle, on many short
// random strings of the characters that matter; and the run that made the old one slow goes through quickly.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { teachingWords } from "../../src/lessons/chapter-length";
import { tableRows, termNames } from "../../src/lessons/exercises";
import { ANSWER_LINE, NUMBERED } from "../../src/lessons/lesson-shape";
import { atxHeading, hasTable, outline } from "../../src/lessons/outline";
import {
  chapterNumber,
  entryId,
  exerciseHeading,
  halfWidth,
  KEY_LABELS,
  keyLine,
  numbered,
  sameWords,
  slashSides,
  VOCABULARIES,
} from "../../src/lessons/vocabulary";
import { long, quick, RUNS, textOf } from "../support/linear-time";

describe("a lesson's outline", () => {
  /** A heading line as /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/ read it. */
  function oldHeading(line: string) {
    const h = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    return h ? { level: h[1]!.length, raw: h[2]!.trim() } : undefined;
  }
  /** A lesson's lines with each comment made its line breaks, as /<!--[\s\S]*?-->/g made them. */
  const oldLines = (markdown: string) =>
    markdown
      .replace(/\r\n?/g, "\n")
      .replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ""))
      .split("\n");

  it("reads headings, their closing #s and comments exactly as the expressions did", () => {
    const line = ["#", "##", "#######", " ", "  ", "\t", "a", "C#", "*", "_", "1", "é", "\u2028", "\u00a0", "\n"];
    fc.assert(
      fc.property(textOf(...line), (s) => {
        expect(atxHeading(s)).toEqual(oldHeading(s));
      }),
      RUNS,
    );
    const commented = ["<!--", "-->", "<!-", "->", "-", ">", "<", "!", "\n", "# a", "a", " ", "\r\n", "```"];
    fc.assert(
      fc.property(textOf(...commented), (s) => {
        expect(outline(s).lines).toEqual(oldLines(s));
      }),
      RUNS,
    );
    expect(outline("## Chapter 1: Limits ##\n# C#\n### Stars ***  ").headings.map((h) => h.raw)).toEqual(["Chapter 1: Limits", "C#", "Stars ***"]);
  });

  it("reads a heading line of 100,000 spaces quickly", () => {
    const line = `# ${long(" ", 50_000)}\x00${long(" ", 50_000)}\n\x00`;
    expect(quick(() => outline(line)).headings.map((h) => h.raw)).toEqual(["\x00"]);
  });

  it("reads 100,000 characters of `<!--` quickly", () => {
    expect(quick(() => outline(`# A\n${long("<!--")}\n-->\n# B`)).headings.map((h) => h.raw)).toEqual(["A", "B"]);
  });

  const oldHasTable = (lines: string[]) =>
    lines.some(
      (l, i) => i > 0 && /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$/.test(l) && lines[i - 1]!.includes("|") && (lines[i + 1] ?? "").includes("|"),
    );

  it("finds a table's delimiter row exactly as the expression did", () => {
    const row = textOf(" ", "\t", "|", ":", "-", "---", "a");
    fc.assert(
      fc.property(row, (s) => hasTable(["a|b", s, "|"]) === oldHasTable(["a|b", s, "|"])),
      RUNS,
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 4 }), (lines) => hasTable(lines) === oldHasTable(lines)),
      RUNS,
    );
  });

  it("reads a delimiter row of 100,000 tabs quickly", () => {
    const row = `${long("\t", 50_000)}---|---\t${long("\t", 50_000)}\t---`;
    expect(quick(() => hasTable(["a|b", row, "|"]))).toBe(false);
  });
});

describe("an exercise heading's number", () => {
  const OLD = /^(.*?)\s*(\d+)\s*\.\s*(\d+)(?!\d)(.*)$/u;
  const old = (text: string) => {
    const m = OLD.exec(text);
    return m ? { before: m[1], chapter: m[2], number: m[3], after: m[4] } : undefined;
  };

  it("is the N.K, and the text before and after it, that the expression read", () => {
    const units = ["0", "1", "12", ".", " ", "\t", "a", "Ex", "(", "\n", "\u2028", "😀", "\u00a0"];
    fc.assert(
      fc.property(textOf(...units), (s) => {
        expect(numbered(s)).toEqual(old(s));
      }),
      RUNS,
    );
  });

  it("reads 100,000 digits, and N.Ks that never end a line, quickly", () => {
    expect(quick(() => exerciseHeading(long("0")))).toBeUndefined();
    expect(quick(() => entryId(long("0")))).toBeUndefined();
    expect(quick(() => numbered(`\t${long("0.0\t")}\n`))).toBeUndefined();
  });

  it("splits at ` / ` exactly as the expression did", () => {
    const units = [" ", "\t", "/", " / ", "a", "\n", "\u3000", "／"];
    fc.assert(
      fc.property(textOf(...units), (s) => {
        expect(slashSides(s)).toEqual(halfWidth(s).split(/\s+\/\s+/));
      }),
      RUNS,
    );
  });

  it("reads a heading of 100,000 tabs before a slash quickly", () => {
    expect(quick(() => exerciseHeading(`${long("\t")}\t\x00\t/\t`))).toBeUndefined();
  });
});

describe("a chapter heading's number", () => {
  /**
   * "Chapter {n}" as it was read: /^chapter\s*\s*(\d+)\s*(?!\s*\.\s*\d)/u on the folded heading. Where the
   * whole number stood before `.N` it backed off a digit and read `Chapter 12.3` as chapter 1; now it is no chapter.
   */
  function oldChapter(heading: string): number | undefined {
    const folded = heading.trim().toLowerCase();
    const m = /^chapter\s*\s*(\d+)\s*(?!\s*\.\s*\d)/u.exec(folded);
    if (!m) return undefined;
    const backedOff = /^\d/.test(folded.slice(m.index + m[0].trimEnd().length));
    return backedOff ? undefined : Number(m[1]);
  }

  it("is the number the expression read, and no chapter where it read part of an exercise's N.K", () => {
    fc.assert(
      fc.property(textOf("Chapter", " ", "\t", "1", "2", ".", ":", "x"), (s) => {
        expect(chapterNumber(s)).toBe(oldChapter(s));
      }),
      RUNS,
    );
    expect(["Chapter 12", "Chapter 12.3", "Bài 12.3", "Bài 1.2", "12. Bölüm", "第十二章"].map(chapterNumber)).toEqual([
      12,
      undefined,
      undefined,
      undefined,
      12,
      12,
    ]);
  });

  it("reads a heading of 100,000 spaces between the number and a `.N` quickly", () => {
    expect(quick(() => chapterNumber(`Chapter 1${long(" ")}.1`))).toBeUndefined();
    expect(quick(() => chapterNumber(`Chapter${long(" ")}x`))).toBeUndefined();
  });
});

describe("an answer key line", () => {
  const OLD_LABEL = /^\s*(?:\*\*|__)?([^*_:：\n]{1,60}?)\s*(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*/;
  const oldUnbold = (text: string) => text.replace(/(^|\s)(\*\*|__)(\S(?:.*?\S)?)\2(?=$|[\s.,;:!?)])/g, "$1$3").replace(/^(?:\*\*|__)\s*|\s*(?:\*\*|__)$/g, "");
  const labelWords = KEY_LABELS.map((label) => ({ label, words: VOCABULARIES.flatMap((v) => v.labels[label]) }));
  /** keyLine as it was: the label named by the expression's group (each side of a `/` or `|`), the rest unbolded. */
  function oldKeyLine(line: string) {
    const own = line.replace(/^\s*[-*+]\s+/, "");
    const m = OLD_LABEL.exec(own);
    const named = m
      ? halfWidth(m[1]!)
          .split(/[/|]/)
          .map((p) => p.trim())
          .filter(Boolean)
      : [];
    const label = labelWords.find((l) => named.some((n) => l.words.some((w) => sameWords(n, w))))?.label;
    const text = oldUnbold(label ? own.slice(m![0].length) : own).trim();
    return label ? { label, text } : { text };
  }

  it("has label words that are words (so sameWords in the oracle is the validator's own comparison)", () => {
    for (const { words } of labelWords) for (const w of words) expect(sameWords(w, w)).toBe(true);
  });

  it("has the label and the text the expressions read", () => {
    const labelled = ["Answer", "答案", "Réponse", " ", "  ", "\t", "\n", "*", "**", "_", "__", ":", "：", "/", "|", "-", "a", "x", "\u2028"];
    fc.assert(
      fc.property(textOf(...labelled), (s) => {
        expect(keyLine(s)).toEqual(oldKeyLine(s));
      }),
      RUNS,
    );
    // Bold spans: where they open and close, what closes them, and the powers that are no bold.
    const bold = ["**", "__", "*", "_", " ", "\t", "a", "b", "x**2", ".", ",", ")", ":", "\n", "\u2028", "😀"];
    fc.assert(
      fc.property(textOf(...bold), (s) => {
        expect(keyLine(s)).toEqual(oldKeyLine(s));
      }),
      RUNS,
    );
    expect(keyLine("- **Answer:** **B** then x**2").text).toBe("B then x**2");
  });

  for (const [what, line, text] of [
    ["100,000 tabs", long("\t"), ""],
    ["a word and 100,000 spaces before a colon", `Answer${long(" ")}x:`, `Answer${long(" ")}x:`],
    ["bold marks that never close", `\x00${long("\t**_")}\x00`, `\x00${long("\t**_")}\x00`],
    ["100,000 tabs between bold marks", `**${long("\t", 50_000)}\x00${long("\t", 50_000)}**`, "\x00"],
    ["bold words, a line each", "**a**\n".repeat(20_000), "a\n".repeat(20_000).trim()],
  ]) {
    it(`reads a line of ${what} quickly`, () => {
      expect(quick(() => keyLine(line!))).toEqual({ text });
    });
  }
});

describe("a lesson-shaped document's numbers", () => {
  const OLD_NUMBERED = /^\s*(?:[^\d\s]+\s+){0,3}?[^\d\s]*\s*(\d+)\s*\.\s*(\d+)(?!\d)/u;
  const OLD_ANSWER_LINE = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?\s*(\d+)\s*\.\s*(\d+)\s*(?:\*\*|__)?\s*[:)\-–—=]\s*\S/;

  it("are the numbered headings and answer lines the expressions found", () => {
    const heading = textOf("1", "12", ".", " ", "\t", "a", "Ex", "#", "\n", "😀");
    fc.assert(
      fc.property(heading, (s) => {
        expect(NUMBERED.exec(s)?.slice(1, 3)).toEqual(OLD_NUMBERED.exec(s)?.slice(1, 3));
      }),
      RUNS,
    );
    const answer = textOf("1", "12", ".", " ", "\t", "-", "*", "+", "**", "__", ":", ")", "–", "=", "a");
    fc.assert(
      fc.property(answer, (s) => ANSWER_LINE.test(s) === OLD_ANSWER_LINE.test(s)),
      RUNS,
    );
  });

  it("are read in lines of 100,000 tabs quickly", () => {
    expect(quick(() => NUMBERED.test(`.\t\x00\t\x00\t${long("\t")}`))).toBe(false);
    expect(quick(() => ANSWER_LINE.test(`-\t${long("\t", 50_000)}0.0\t${long("\t", 50_000)}\t__0.0)+`))).toBe(false);
  });
});

describe("a chapter's Key Concepts table", () => {
  /** Whether /^\s*\|?\s*:?-{3,}/ read a line as the delimiter row (only lines with a `|` are read at all). */
  const oldDelimiter = (line: string) => line.includes("|") && /^\s*\|?\s*:?-{3,}/.test(line);
  const oldTermNames = (term: string) => {
    const plain = term.replace(/\$[^$]*\$/g, " ").trim();
    return [term, plain, ...plain.split(/\s*[(（]\s*|\s*[)）]\s*/)].filter(Boolean);
  };

  it("has the rows and the term names the expressions read", () => {
    const line = textOf(" ", "\t", "|", ":", "-", "---", "a", "*");
    fc.assert(
      fc.property(line, (s) => {
        // A delimiter row ends the header, so the row after it is the table's one row.
        expect(tableRows(["| a | b |", s, "| x | y |"])).toEqual(oldDelimiter(s) ? [{ term: "x", meaning: "y" }] : []);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(textOf(" ", "\t", "(", ")", "（", "）", "a", "b c", "$", "$x$", "\n", "\u3000"), (s) => {
        expect(termNames(s)).toEqual(oldTermNames(s));
      }),
      RUNS,
    );
  });

  it("is read in lines of 100,000 tabs quickly", () => {
    expect(quick(() => tableRows(["| a | b |", `${long("\t")}|`]))).toEqual([]);
    expect(quick(() => termNames(`a${long("\t")}b`))).toHaveLength(3);
  });
});

describe("a chapter's length", () => {
  /** The words counted as they were, with /\]\([^)]*\)/g for link targets and /^\s*\|?[\s:|-]+\|?\s*$/gm for table rules. */
  function oldTeachingWords(markdown: string): number {
    const doc = outline(markdown);
    const chapter = doc.headings[0]!;
    const headingLines = new Set(doc.headings.map((h) => h.line));
    const text = doc.lines
      .slice(chapter.line + 1)
      .filter((_, i) => !headingLines.has(chapter.line + 1 + i) && !doc.inCode[chapter.line + 1 + i])
      .join("\n")
      .replace(/\]\([^)]*\)/g, "]")
      .replace(/^\s*\|?[\s:|-]+\|?\s*$/gm, "");
    return [...new Intl.Segmenter("en", { granularity: "word" }).segment(text)].filter((s) => s.isWordLike).length;
  }
  const words = (markdown: string) => {
    const doc = outline(markdown);
    return teachingWords(doc, doc.headings[0]!, undefined, doc.lines.length);
  };

  it("counts the words the expressions left", () => {
    const units = ["](", "]", "(", ")", "[", "a", "b c", " ", "\t", "|", "-", ":", "\n", "\u2028", "x:y"];
    fc.assert(
      fc.property(textOf(...units), (s) => words(`## C\n${s}`) === oldTeachingWords(`## C\n${s}`)),
      RUNS,
    );
  });

  it("counts 100,000 characters of `](` and of tabs quickly", () => {
    expect(quick(() => words(`## C\n${long("](")}`))).toBe(0);
    expect(quick(() => words(`## C\n\t${long("\t")}\x00 word`))).toBe(1);
  });
});
