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
 * Whether marked's `paragraph` rule takes the paragraph on past the line break at `end` of `src` (`x` stands for
 * the line before). The rule decides it by the next two lines (a table's header and delimiter row interrupt it).
 */
function paragraphGoesOn(paragraph, src, end) {
  const next = src.indexOf("\n", end + 1);
  const after = next < 0 ? -1 : src.indexOf("\n", next + 1);
  return paragraph.exec(`x${after < 0 ? src.slice(end) : src.slice(end, after + 1)}`)[0].length > 1;
}

/**
 * marked extensions: a block token `{type: "mathBlock", tex}` and an inline one `{type: "math", tex, display}`,
 * each rendered by `render(tex, display, block)`; and GFM tables whose math holds a `|`, read as marked's own.
 */
export function mathExtensions(render) {
  // What the inline `start` keeps of each token list marked fills (a paragraph's, a cell's, a span's text): the
  // `length` of the source it has left, how far from that source's end its next opening delimiter is (`fromEnd`,
  // 0 for none), and the list read last when it began (`outer`). And per lexer, the list read last.
  const lists = new WeakMap();
  const lastRead = new WeakMap();
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
      // Where the paragraph marked is reading gives way to a display block: at the first line in it that opens
      // one (its delimiter starting the line, closed as BLOCK reads it). marked passes the paragraph from its second
      // character, which counts as a line's start too (an indented first line's block is found there). Cut at a
      // line that opens no block, the paragraph was read again from there and merged back, once a line: time in
      // the square of its length for "a $$ b" (5 s for 100 KB) and for lines that each open with `$$` (62 s for
      // 300 KB). And the look ends with the paragraph, for marked asks again at each one: looking on to the text's
      // end took 50 s for 300 KB of "a\n\n".
      start(src) {
        // Out of a paragraph (a list item's lines), marked reads the text line by line and ignores the answer.
        if (!this.lexer.state.top) return undefined;
        const { paragraph } = this.lexer.tokenizer.rules.block;
        for (let line = 0, last = false; ;) {
          const at = line + /^[ \t]*/.exec(src.slice(line))[0].length;
          if (BLOCK.some((re) => re.test(src.slice(at)))) return at;
          const end = src.indexOf("\n", at);
          if (last || end < 0) return undefined;
          // The line just after the paragraph too, as before: cut after its indent, its block is read (BLOCK reads no indent).
          last = !paragraphGoesOn(paragraph, src, end);
          line = end + 1;
        }
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
      // Where text gives way to math: at the next `$`, `\(` or `\[`. marked asks at each text token, with the rest
      // of the source; looked for to the end each time, a paragraph of many tokens and no `$` took time in the square
      // of its length (22 s for 300 KB of "a\\"). So a list keeps the one found, counted from the end (what it has
      // left is a suffix of what it had), and looks again only once past it.
      start(src) {
        // marked asks right after this tokenizer had the same source (with its first character), unless a span's text
        // was read in between (a link's, before marked found a link inside it and took the bracket as text): those
        // lists began later, each from the one read before it, and their sources are shorter. Asked otherwise, it looks
        // afresh.
        let list = lastRead.get(this.lexer);
        while (list && list.length < src.length + 1) list = list.outer;
        if (list?.length !== src.length + 1) list = {};
        if (list.fromEnd === undefined || list.fromEnd > src.length) {
          const at = src.search(/\$|\\[([]/);
          list.fromEnd = at < 0 ? 0 : src.length - at;
        }
        return list.fromEnd ? src.length - list.fromEnd : undefined;
      },
      tokenizer(src, tokens) {
        const list = lists.get(tokens) ?? { outer: lastRead.get(this.lexer) };
        list.length = src.length;
        lists.set(tokens, list);
        lastRead.set(this.lexer, list);
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
