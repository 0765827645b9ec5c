// Where TeX sits in Markdown: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]` displayed, as marked
// extensions that keep the TeX source in a token. One definition for the page (math.js renders the
// tokens with KaTeX), the chats and Anki decks (src/lessons/markdown-dialect.ts); no imports.

// `$…$` as Pandoc reads it: no space just inside either dollar, and no digit right after the closing one,
// so "it costs $5 and $10" stays text; nor a backtick inside, so a dollar never reaches into code.
// A formula never holds its own opening or closing delimiter, and is at most 8000 characters displayed, 2000
// inline: from each place a delimiter opened, one left open was looked for to the end of the text, which took
// time in the square of a paragraph's length; now a look stops at the next delimiter. A longer formula stays
// as its source (no formula a lesson writes comes near it).
// An escape is read as a pair, so `\\[2pt]` (a row's spacing) is no opening `\[`.
const DOLLARS = String.raw`(?:[^$\\]|\\[\s\S]|\$(?!\$))`;
const BRACKETED = String.raw`(?:[^\\]|\\(?![[\]])[\s\S])`;
const PARENTHESIZED = String.raw`(?:[^\\]|\\(?![()])[\s\S])`;
const INLINE = [
  { re: new RegExp(String.raw`^\$\$(${DOLLARS}{1,8000}?)\$\$`), display: true },
  { re: new RegExp(String.raw`^\\\[(${BRACKETED}{1,8000}?)\\\]`), display: true },
  { re: new RegExp(String.raw`^\\\((${PARENTHESIZED}{1,2000}?)\\\)`), display: false },
  { re: /^\$(?![\s$])((?:\\[\s\S]|[^\\$\n`]){1,2000}?)(?<!\s)\$(?!\d)/, display: false },
];
const BLOCK = [new RegExp(String.raw`^\$\$(${DOLLARS}{1,8000}?)\$\$[ \t]*(?:\n+|$)`), new RegExp(String.raw`^\\\[(${BRACKETED}{1,8000}?)\\\][ \t]*(?:\n+|$)`)];

// GFM splits a table row into cells on every `|` before it reads any inline syntax, so `| $P(A|B)$ | 0.3 |`
// would lose its formula and a cell. In a table's rows, a `|` inside math is escaped (`\|`) for the split,
// which hands it back to the cell as `|`. The split hands back TeX's own `\|` (‖) as `|` too, so that one
// goes as `\Vert`.

/** What marked reads whole, so no `$` in it opens math: a code span (or a lone run of backticks), an escape. */
const NOT_MATH = /(?<ticks>`+)(?:[^`]|[^`][\s\S]*?[^`])\k<ticks>(?!`)|`+|\\[\s\S]/;
/** A row's math (INLINE, each without its `^`) or what is not math, from left to right. */
const ROW_PARTS = new RegExp(`(?<math>${INLINE.map(({ re }) => re.source.slice(1)).join("|")})|${NOT_MATH.source}`, "g");

/** TeX whose pipes survive a row split: `|` → `\|`, `\|` → `\Vert` (with a space before a letter). */
const pipesEscaped = (tex) =>
  tex.replace(/\\\|(?=([A-Za-z])?)|\\[\s\S]|\|/g, (part, letter) => (part === "|" ? "\\|" : part === "\\|" ? (letter ? "\\Vert " : "\\Vert") : part));

/** A table row with the pipes inside its math escaped, and all else as written. */
const rowMathEscaped = (row) => row.replace(ROW_PARTS, (part, ...rest) => (rest.at(-1).math ? pipesEscaped(part) : part));

/**
 * marked extensions: a block token `{type: "mathBlock", tex}` and an inline one `{type: "math", tex, display}`,
 * each rendered by `render(tex, display, block)`; and GFM tables whose math holds a `|`, read as marked's own.
 */
export function mathExtensions(render) {
  return [
    {
      name: "mathInTable",
      level: "block",
      tokenizer(src) {
        const { tokenizer } = this.lexer;
        const table = tokenizer.rules.block.table.exec(src)?.[0];
        if (!table) return undefined;
        const escaped = table.replace(/[^\n]+/g, rowMathEscaped);
        // No pipe in its math: marked's own table tokenizer reads it.
        if (escaped === table) return undefined;
        const token = tokenizer.table(escaped + src.slice(table.length));
        if (!token) return undefined;
        // The lexer moves on by the source's characters: the same lines, as written.
        token.raw = table.split("\n").slice(0, token.raw.split("\n").length).join("\n");
        return token;
      },
    },
    {
      name: "mathBlock",
      level: "block",
      // Only where a line opens with the delimiter: a paragraph cut at every `$$` inside it was merged back
      // piece by piece, in time the square of its length (5 s for 100 KB of "a $$ b").
      start: (src) => {
        const m = /(?:^|\n)[ \t]*(?=\$\$|\\\[)/.exec(src);
        return m ? m.index + m[0].length : undefined;
      },
      tokenizer(src) {
        for (const re of BLOCK) {
          const m = re.exec(src);
          if (m) return { type: "mathBlock", raw: m[0], tex: m[1].trim(), display: true };
        }
        return undefined;
      },
      renderer: (token) => render(token.tex, true, true),
    },
    {
      name: "math",
      level: "inline",
      start: (src) => src.match(/\$|\\[([]/)?.index,
      tokenizer(src) {
        for (const { re, display } of INLINE) {
          const m = re.exec(src);
          if (m) return { type: "math", raw: m[0], tex: m[1].trim(), display };
        }
        return undefined;
      },
      renderer: (token) => render(token.tex, token.display, false),
    },
  ];
}
