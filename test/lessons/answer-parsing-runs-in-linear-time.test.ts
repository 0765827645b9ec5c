// Reading answers, keys, sources, tags and syllabus lines runs in time linear in the text: the expressions that
// took time in the square of a long run of spaces, digits or marks are rewritten, and each rewrite gives what
// the old expression gave (kept here as the oracle) on many short strings of the characters that matter.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { parseSyllabus } from "../../src/courses/course-prompts";
import { blankParts } from "../../src/learning/key-grading";
import { jsonObject } from "../../src/lessons/answer-check";
import { answerLetter, readEntry, splitVariants, type KeyEntry } from "../../src/lessons/answer-key";
import { chosenLetter, keyVariants, sameAnswer } from "../../src/lessons/answer-match";
import { plainTex, TAILS, unbracketed } from "../../src/lessons/answer-normal-form";
import { leadingNumber, quantity } from "../../src/lessons/answer-quantity";
import { ankiDeck } from "../../src/lessons/deck";
import type { KeyedExercise } from "../../src/lessons/exercises";
import { extractUrls, normalizeUrl } from "../../src/lessons/sources";
import { sameTruth } from "../../src/lessons/truth-words";
import { spanish } from "../../src/lessons/vocabulary/es";
import { keyLine, VOCABULARIES, type LessonVocabulary } from "../../src/lessons/vocabulary";
import { quick, RUNS, textOf } from "../support/linear-time";
import { ENGLISH_PHRASES } from "../support/english-phrases";

// The syllabus is read in the course prompts, whose module imports the Workers runtime (for the learner's Durable Object).
vi.mock("cloudflare:workers", () => ({ DurableObject: class {} }));

const SPACES = [" ", "\t", "\n", "\r", "\u3000", "\u00a0", "\u2028"];

/** Runs `read` on `text`, a long run of its kind, and expects it to finish quickly. */
function readsQuickly<T>(text: string, read: (text: string) => T): T {
  expect(text.length).toBeGreaterThan(99_000);
  return quick(() => read(text));
}

describe("the solver's reply", () => {
  const old = (reply: string) => /\{[\s\S]*\}/.exec(reply)?.[0];

  it("gives the JSON object from the first { to the last }, as before", () => {
    fc.assert(
      fc.property(textOf("{", "}", "a", '"', ":", ...SPACES), (reply) => jsonObject(reply) === old(reply)),
      RUNS,
    );
  });

  it("is read in well under a second with 100,000 { and no }", () => {
    expect(readsQuickly("{".repeat(100_000), jsonObject)).toBeUndefined();
  });
});

describe("an Answer Key entry", () => {
  /** readEntry as it was, with `\s*` around the separators. */
  function oldReadEntry(lines: string[], line: number): KeyEntry {
    const [first, ...rest] = lines;
    const entry: KeyEntry = { text: keyLine(first!).text, line, accepted: [], explanation: "", concepts: [] };
    const explanation: string[] = [];
    for (const l of rest) {
      const { label, text } = keyLine(l);
      if (label === "accepted") entry.accepted.push(...splitVariants(text, /\s*[;|；]\s*/));
      else if (label === "concepts") entry.concepts.push(...splitVariants(text, /\s*[;,，、；]\s*/));
      else explanation.push(label ? text : l.trim());
    }
    entry.explanation = explanation.join("\n").trim();
    return entry;
  }
  const part = textOf(";", "|", "；", ",", "，", "、", "a", "b", ...SPACES.filter((s) => s !== "\n"));

  it("splits its Accepted and Concepts lines as before", () => {
    fc.assert(
      fc.property(part, part, (accepted, concepts) => {
        const lines = ["**Answer:** 5", `**Accepted:** ${accepted}`, `**Concepts:** ${concepts}`, "Because."];
        expect(readEntry(lines, 3)).toEqual(oldReadEntry(lines, 3));
      }),
      RUNS,
    );
  });

  it("is read in well under a second with 100,000 spaces before a separator", () => {
    const entry = readsQuickly(`**Accepted:** ${"\t".repeat(100_000)}x; y`, (line) => readEntry(["**Answer:** 5", line, "**Concepts:** a,b"], 3));
    expect(entry.accepted).toEqual(["x", "y"]);
    expect(readsQuickly(`**Concepts:** ${"\t".repeat(100_000)}x, y`, (line) => readEntry(["**Answer:** 5", line], 3).concepts)).toEqual(["x", "y"]);
  });
});

describe("a several-blank answer", () => {
  const old = (answer: string) => splitVariants(answer, /\s*[,;，；、]\s*|\s+and\s+/);

  it("splits into its parts at `,` `;` `、` and `and`, as before", () => {
    fc.assert(
      fc.property(textOf(",", ";", "，", "；", "、", "and", "an", "d", "x", ...SPACES), (answer) => {
        expect(blankParts(answer)).toEqual(old(answer));
      }),
      RUNS,
    );
  });

  it("is split in well under a second with 100,000 spaces", () => {
    expect(readsQuickly(`${"\t".repeat(100_000)}\tn,`, blankParts)).toEqual(["n"]);
    expect(readsQuickly(`4${" ".repeat(100_000)}and 5`, blankParts)).toEqual(["4", "5"]);
  });
});

describe("comparing answers", () => {
  it("reads ^\\circ and the spaces before it as a degree sign, as before", () => {
    // What plainTex does to text of these pieces: no other TeX command can be formed from them, and a
    // \circ that does not end a word only loses its backslash.
    const old = (tex: string) => tex.replace(/\^?\s*\\circ\b/g, "°").replace(/\\([a-zA-Z]+)/g, "$1");
    fc.assert(
      fc.property(textOf("^", "\\circ", "\\", "x", "1", "+", "°", ...SPACES), (tex) => plainTex(tex) === old(tex)),
      RUNS,
    );
  });

  it("takes away brackets around the whole answer, as before", () => {
    const old = (answer: string) => answer.replace(/^[([{]\s*([^()[\]{}]*?)\s*[)\]}]$/, "$1");
    const pieces = ["(", ")", "[", "]", "{", "}", "a", "1", "$1", "$&", ...SPACES];
    const bracketed = fc.tuple(fc.constantFrom("(", "[", "{"), textOf(...pieces), fc.constantFrom(")", "]", "}")).map((p) => p.join(""));
    fc.assert(
      fc.property(fc.oneof(textOf(...pieces), bracketed), (answer) => unbracketed(answer) === old(answer)),
      RUNS,
    );
  });

  it("reads the number a compact answer starts with, and its unit, as before", () => {
    const old = (compact: string) => {
      const m = /^(-?(?:\d+(?:\.\d+)?|\.\d+))(?:\/(-?\d+(?:\.\d+)?))?(%?)(.*)$/.exec(compact);
      return m ? { numerator: m[1], denominator: m[2], percent: m[3], rest: m[4] } : undefined;
    };
    // A compact answer is one line: normalizeAnswer made every space and line break one space, then quantity took them out.
    fc.assert(
      fc.property(textOf("0", "1", "9", ".", "/", "-", "%", "c", "m", "x", " "), (compact) => {
        expect(leadingNumber(compact)).toEqual(old(compact));
      }),
      RUNS,
    );
  });

  // The expressions of the vocabularies' words as they were built, with `\s*` and `\s+` before each word.
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const SPACED_END = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Hangul}\p{Script=Greek}]$/u;
  const all = (pick: (v: LessonVocabulary) => readonly string[] | undefined) =>
    [...new Set(VOCABULARIES.flatMap((v) => pick(v) ?? []))].sort((a, b) => b.length - a.length);
  const OLD_TAILS = new RegExp(
    `\\s*(?:${all((v) => v.answerTails)
      .map(escape)
      .join("|")})\\s*[。.!]?$`,
    "u",
  );
  const OLD_ALTERNATIVES = new RegExp(
    `\\s+/\\s+|${all((v) => v.or)
      .map((w) => (SPACED_END.test(w) ? `\\s+${escape(w)}\\s+` : `\\s*${escape(w)}\\s*`))
      .join("|")}`,
    "u",
  );

  it("takes away a trailing です, है or 입니다, as before", () => {
    const tails = all((v) => v.answerTails);
    expect(tails).toEqual(expect.arrayContaining(["です", "है", "입니다"]));
    fc.assert(
      fc.property(textOf(...tails, "で", "x", "。", ".", "!", ...SPACES), (answer) => answer.replace(TAILS, "") === answer.replace(OLD_TAILS, "")),
      RUNS,
    );
  });

  it("reads a key's answer into the part before a dash or a parenthesis that explains it and its alternatives, as before", () => {
    // Since then an en dash, a hyphen or a parenthesis explains only before words (not `2x - 3`, `a (b + c)`), and
    // alternatives are words or amounts, not two different amounts (a solution set, "2 or −2").
    const word = /(?!(?:sin|cos|tan|cot|sec|csc|log|ln|exp|lim|sqrt|max|min)(?!\p{L}))\p{L}{2}/u;
    const old = (answer: string) => {
      const head = answer.split(new RegExp(`\\s+(?:—\\s+|[–-]\\s+(?=${word.source})|\\((?=\\s*${word.source}))|（`, "u"))[0]!;
      const alternatives = splitVariants(head, OLD_ALTERNATIVES);
      const amounts = alternatives.map((v) => quantity(v));
      const ways =
        alternatives.length === 1 ||
        (amounts.every((x, i) => x || word.test(alternatives[i]!)) && !amounts.some((x) => x && amounts[0] && x.value !== amounts[0].value));
      return [answer, head, ...(ways ? alternatives : [])];
    };
    const words = all((v) => v.or);
    expect(words).toEqual(expect.arrayContaining(["or", "o", "或", "或者", "ya da"]));
    fc.assert(
      fc.property(textOf("—", "–", "-", "(", "（", "/", "a", "1", "cos", ...words, ...SPACES), (answer) => {
        expect(keyVariants(answer)).toEqual(old(answer));
      }),
      RUNS,
    );
  });

  it("are read in well under a second with 100,000 spaces or digits", () => {
    expect(readsQuickly("\t".repeat(100_000), plainTex)).toBe("\t".repeat(100_000));
    expect(readsQuickly(`90${"\t".repeat(100_000)}\\circ`, plainTex)).toBe("90°");
    expect(readsQuickly(`90${"\t".repeat(100_000)}^ \\circ`, plainTex)).toBe(`90${"\t".repeat(100_000)}°`);
    expect(readsQuickly(`(${"\t".repeat(100_000)}`, unbracketed)).toBe(`(${"\t".repeat(100_000)}`);
    expect(readsQuickly(`( ${"\t".repeat(100_000)}x )`, unbracketed)).toBe("x");
    expect(readsQuickly(`0/0.0${"0".repeat(100_000)}\n`, leadingNumber)).toEqual({
      numerator: "0",
      denominator: `0.0${"0".repeat(100_000)}`,
      percent: "",
      rest: "\n",
    });
    expect(readsQuickly(`x${"\t".repeat(100_000)}\t`, keyVariants)).toEqual([`x${"\t".repeat(100_001)}`, `x${"\t".repeat(100_001)}`, "x"]);
    expect(readsQuickly(`x${"\t".repeat(100_000)}y`, (key) => keyVariants(key).length)).toBe(3);
    expect(readsQuickly(`5${" ".repeat(100_000)}x です`, (answer) => sameAnswer(answer, "5"))).toBe(false);
    // Italics, pairs, Indian grouping and a key's letter, each read from where it may start only.
    expect(readsQuickly(`*${" *a".repeat(40_000)}`, (answer) => sameAnswer(answer, "a"))).toBe(false);
    expect(readsQuickly(`(${"1,".repeat(50_000)}`, (answer) => sameAnswer(answer, "1"))).toBe(false);
    expect(readsQuickly(`1${",11".repeat(40_000)}`, (answer) => sameAnswer(answer, "1"))).toBe(false);
    expect(readsQuickly(`a${" ".repeat(100_000)}x`, answerLetter)).toBeUndefined();
    expect(readsQuickly(`a${" ".repeat(100_000)}x`, (answer) => chosenLetter([], answer))).toBeUndefined();
    // A number followed by a long rest that is no unit: it was made into an expression too large to build (a SyntaxError).
    expect(readsQuickly(`1${".11".repeat(40_000)}`, (answer) => sameAnswer(answer, "1"))).toBe(false);
    // A unit's case (5 M is not 5 m) and a truth word, each read once past a long run of marks.
    expect(readsQuickly(`5 ${"!".repeat(100_000)}M`, (answer) => sameAnswer(answer, "5 m"))).toBe(false);
    expect(readsQuickly(`${"!".repeat(100_000)}F`, (answer) => sameTruth(answer, { text: "Falso", accepted: [] }, spanish))).toBe(true);
  });
});

describe("a lesson's sources", () => {
  it("compare URLs without their trailing slashes, as before", () => {
    const old = (path: string) => `example.org${new URL(`https://example.org/${path}`).pathname.replace(/\/+$/, "")}`;
    fc.assert(
      fc.property(textOf("/", "\\", "a", ".", "%2F", " "), (path) => normalizeUrl(`https://example.org/${path}`) === old(path)),
      RUNS,
    );
  });

  it("leave the punctuation after a URL out of it, as before", () => {
    const old = (line: string) => [line.replace(/[.,;:!?'*_]+$/, "")];
    fc.assert(
      fc.property(textOf(".", ",", ";", ":", "!", "?", "'", "*", "_", "a", "/"), (tail) => {
        const line = `https://example.org/${tail}`;
        expect(extractUrls(line)).toEqual(old(line));
      }),
      RUNS,
    );
  });

  it("are read in well under a second with 100,000 slashes or marks", () => {
    expect(readsQuickly(`https://example.org${"/".repeat(100_000)}%00/`, normalizeUrl)).toBe(`example.org${"/".repeat(100_000)}%00`);
    expect(readsQuickly(`https://example.org/a${"!".repeat(100_000)}\x00!`, extractUrls)).toEqual([`https://example.org/a${"!".repeat(100_000)}\x00`]);
  });
});

describe("an Anki deck's tags", () => {
  const exercise: KeyedExercise = { id: "1.1", chapter: 1, chapterTitle: "Limits", type: "fill_in", question: "2 + 2 = ___", concepts: [] };
  const tags = (lessonKey: string) =>
    ankiDeck("Deck", [{ lessonKey, title: "t", lessonEtag: "e", exercises: [exercise] }], () => ENGLISH_PHRASES.noKey)
      .trimEnd()
      .split("\n")
      .at(-1)!
      .split("\t")[3];
  const oldTag = (text: string) => text.replace(/[^\p{L}\p{N}_.:-]+/gu, "_").replace(/^_+|_+$/g, "");

  it("are the lesson's key without underscores at its ends, as before", () => {
    fc.assert(
      fc.property(textOf("_", " ", "a", "é", "1", ".", ":", "-", "/", ".md", "\x00"), (lessonKey) => {
        expect(tags(lessonKey)).toBe(["studyagent", oldTag(lessonKey.replace(/\.[a-z]+$/, "")), "fill_in"].join(" "));
      }),
      { numRuns: 2_000 },
    );
  });

  it("are made in well under a second from a key with 100,000 underscores", () => {
    expect(readsQuickly(`a${"_".repeat(100_000)}a`, tags)).toBe(`studyagent a${"_".repeat(100_000)}a fill_in`);
  });
});

describe("a syllabus", () => {
  /** parseSyllabus as it was, with a lazy title before trailing spaces. */
  function oldParseSyllabus(text: string): string[] {
    const titles: string[] = [];
    for (const line of text.split("\n")) {
      const m = /^\s*(?:[*_]{1,2})?\d{1,3}[.)](?:[*_]{1,2})?\s+(.+?)\s*$/.exec(line);
      const title = m?.[1]?.replace(/^[*_]+|[*_]+$/g, "").trim();
      if (title) titles.push(title);
    }
    return titles;
  }
  const pieces = ["*", "_", "1", "0", "1234", ".", ")", "a", "b", ...SPACES];
  const numbered = fc
    .tuple(textOf(...SPACES), fc.constantFrom("", "*", "**", "_"), fc.constantFrom("1", "12", "123", "1234"), fc.constantFrom(".", ")"), textOf(...pieces))
    .map((p) => p.join(""));

  it("gives the titles of its numbered lines, as before", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(numbered, textOf(...pieces)), { maxLength: 4 }), (lines) => {
        const text = lines.join("\n");
        expect(parseSyllabus(text)).toEqual(oldParseSyllabus(text));
      }),
      RUNS,
    );
  });

  it("is read in well under a second with 100,000 spaces or marks in a line", () => {
    expect(readsQuickly(`0)\n${"\t".repeat(50_000)}\t0)${"\t".repeat(50_000)}\n\x00`, parseSyllabus)).toEqual([]);
    expect(readsQuickly(`1. \x00${"*".repeat(100_000)}*\x00`, parseSyllabus)).toEqual([`\x00${"*".repeat(100_001)}\x00`]);
    expect(readsQuickly(`1. Limits${" ".repeat(100_000)}x`, parseSyllabus)).toEqual([`Limits${" ".repeat(100_000)}x`]);
  });
});
