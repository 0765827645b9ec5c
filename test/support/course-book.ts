// A course book of N chapters at the size real models write them (about 4k tokens a chapter with its
// exercises and answers), split into the parts the document-compiler skill sends: cover and chapters
// 1–2, then two chapters a call, the last with the Answer Key and the Sources.

export const COURSE_BOOK_SOURCES = [
  "https://en.wikipedia.org/wiki/Derivative",
  "https://en.wikipedia.org/wiki/Chain_rule",
  "https://openstax.org/books/calculus-volume-1",
];

/** About `words` words of teaching prose on a chapter's idea, citing the sources. */
function prose(idea: string, words: number): string {
  const sentences = [
    `The ${idea} describes how one quantity responds when another changes by a small amount [1].`,
    `Start from a table of values: compute the change in the output, divide it by the change in the input, and watch the ratio as the step shrinks [2].`,
    `When the ratio settles on one number, that number is the rate you are looking for at that point; when it does not, the rate does not exist there.`,
    `Sketch the graph and draw the line through two nearby points: as they move together, the line turns into the tangent, and its slope is the same number [3].`,
    `Check every result with a quick estimate, a unit check or a second method, because a sign error or a lost factor changes the meaning completely.`,
  ];
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const s = sentences[i % sentences.length]!;
    out.push(s);
    count += s.split(/\s+/).length;
    if (i % 5 === 4) out.push("\n\n");
  }
  return out.join(" ").replace(/ \n\n /g, "\n\n");
}

export interface CourseBook {
  parts: string[];
  chapters: number;
  /** Per chapter, the right letters of its two multiple choice exercises. */
  keys: Map<number, [string, string]>;
  /** Exercise whose key is written wrong (C where D is right), if any. */
  wrongKey?: string;
}

export function courseBook(
  chapters: number,
  opts: { wrongKeyIn?: number; missingBlankIn?: number; wordsPerChapter?: number } = {},
): { book: CourseBook; text: string } {
  const words = opts.wordsPerChapter ?? 2800;
  const keys = new Map<number, [string, string]>();
  const ideas = ["Derivative", "Power Rule", "Product Rule", "Chain Rule", "Optimisation", "Related Rates"];
  const chapter = (n: number): string => {
    const idea = ideas[(n - 1) % ideas.length]!;
    const right: [string, string] = [["A", "B", "C", "D"][n % 4]!, "D"];
    keys.set(n, right);
    const options = (correct: string, value: string) =>
      ["A", "B", "C", "D"].map((l, i) => `- ${l}. ${l === correct ? value : `$${i + 2}x^{${i}}$ (a slip in step ${i + 1})`}`).join("\n");
    return `## Chapter ${n}: The ${idea}

### Objectives
- Explain the ${idea.toLowerCase()} as a rate of change
- Compute it for polynomials and check the result
- Recognise the three most common slips

### Key Concepts
| Concept | Meaning |
|---|---|
| Rate of change | How fast one quantity changes when another changes |
| Difference quotient | The change in output divided by the change in input |
| Tangent line | The line that touches the graph and has its slope |
| Limit | The value a ratio settles on as the step shrinks |

### Explanation

#### Why it matters
${prose(idea.toLowerCase(), Math.round(words * 0.12))}

#### Core content
${prose(idea.toLowerCase(), Math.round(words * 0.5))}

#### Formula or code
$$f'(x) = \\lim_{h \\to 0} \\frac{f(x+h) - f(x)}{h}$$

Here $h$ is the step, $f(x+h) - f(x)$ the change in output, and the limit the rate at $x$.

#### Common mistakes
- Dividing by $h$ after letting it reach 0: the ratio is taken first, then the limit.
- Forgetting the inner factor: $(3x)^2$ changes at $18x$, not $6x$.
- Reading a slope as a height: $f'(1)$ is a rate, not a value of $f$.

### Example 1: A falling stone
${prose("stone's fall", Math.round(words * 0.15))}

**Check:** the units are metres per second, and the sign says the stone moves down.

### Summary
- The ${idea.toLowerCase()} is a limit of difference quotients.
- Check results by estimate, units and a second method.

### Further Questions
- What changes when the function has a corner?
- How would you estimate the rate from measured data only?

### Exercises

#### Exercise ${n}.1 (Multiple choice)
What does $f'(a)$ measure for the ${idea.toLowerCase()}?
${options(right[0], "the rate of change of $f$ at $a$")}

#### Exercise ${n}.2 (Multiple choice)
What is the rate of change of $x^3$ at $x = 2$?
${options(right[1], "$12$")}

#### Exercise ${n}.3 (Fill in the blank)
${opts.missingBlankIn === n ? "What is the rate of change of $x^5$?" : "The rate of change of $x^5$ is ____ ."}

#### Exercise ${n}.4 (Short answer)
Explain why $f'(1) = 10$ does not mean $f(1) = 10$.

#### Exercise ${n}.5 (Practice task)
Measure a quantity twice a minute for ten minutes, estimate its rate of change at each step, and describe what the rates say.
`;
  };
  const answerKey = (): string =>
    "## Answer Key\n\n" +
    [...keys]
      .map(([n, [mc1, mc2]]) => {
        const written2 = opts.wrongKeyIn === n ? "C" : mc2;
        return [
          `### Exercise ${n}.1\n**Answer:** ${mc1}\n**Explanation:** The derivative is a rate; the other options each come from one slip in the steps (Common mistakes).`,
          `### Exercise ${n}.2\n**Answer:** ${written2}\n**Explanation:** $3x^2$ at $x = 2$ is $12$; the distractors each lose a factor or an exponent.`,
          `### Exercise ${n}.3\n**Answer:** $5x^4$\n**Explanation:** Multiply by the exponent and lower it by one.`,
          `### Exercise ${n}.4\n**Answer:** $f'(1)$ is a rate in units of output per input; the value $f(1)$ is a different number.`,
          `### Exercise ${n}.5\n**Answer:** The rates are the differences divided by half a minute; a steady rate means a straight-line graph.`,
        ].join("\n\n");
      })
      .join("\n\n");
  const sources = "## Sources\n" + COURSE_BOOK_SOURCES.map((u, i) => `${i + 1}. [Source ${i + 1}](${u}) — definitions and worked examples`).join("\n") + "\n";
  const front = `# Calculus Basics

> Beginner · ${chapters} chapters · ${chapters * 5} exercises · about ${chapters} hours · 2026-12-01

After this book you can compute and interpret rates of change.

## About this book
A first course in differential calculus, from rates of change to their rules.

### Who it is for
Learners who know school algebra and want to start calculus.

### How to use it
Read a chapter, redo its example without looking, do its five exercises, then check them against the Answer Key.

## Table of Contents
${Array.from({ length: chapters }, (_, i) => `${i + 1}. [Chapter ${i + 1}: The ${ideas[i % ideas.length]}](#chapter-${i + 1}-the-${ideas[i % ideas.length]!.toLowerCase().replace(/ /g, "-")})`).join("\n")}
- [Answer Key](#answer-key)
- [Sources](#sources)
`;
  const bodies = Array.from({ length: chapters }, (_, i) => chapter(i + 1));
  const parts: string[] = [];
  for (let i = 0; i < chapters; i += 2) parts.push(bodies.slice(i, i + 2).join("\n"));
  parts[0] = `${front}\n${parts[0]}`;
  parts[parts.length - 1] += `\n${answerKey()}\n\n${sources}`;
  return {
    book: { parts, chapters, keys, ...(opts.wrongKeyIn ? { wrongKey: `${opts.wrongKeyIn}.2` } : {}) },
    text: parts.join("\n\n"),
  };
}
