// Where TeX sits in Markdown: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]` displayed, as marked
// extensions that keep the TeX source in a token. One definition for the page (math.js renders the
// tokens with KaTeX), the chats and Anki decks (src/lessons/markdown-dialect.ts); no imports.

// `$…$` as Pandoc reads it: no space just inside either dollar, and no digit right after the closing one,
// so "it costs $5 and $10" stays text; nor a backtick inside, so a dollar never reaches into code.
const INLINE = [
  { re: /^\$\$([\s\S]+?)\$\$/, display: true },
  { re: /^\\\[([\s\S]+?)\\\]/, display: true },
  { re: /^\\\(([\s\S]+?)\\\)/, display: false },
  { re: /^\$(?![\s$])((?:\\[\s\S]|[^\\$\n`])+?)(?<!\s)\$(?!\d)/, display: false },
];
const BLOCK = [/^\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/, /^\\\[([\s\S]+?)\\\][ \t]*(?:\n+|$)/];

/**
 * marked extensions: a block token `{type: "mathBlock", tex}` and an inline one `{type: "math", tex, display}`,
 * each rendered by `render(tex, display, block)`.
 */
export function mathExtensions(render) {
  return [
    {
      name: "mathBlock",
      level: "block",
      start: (src) => src.match(/\$\$|\\\[/)?.index,
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
