// TeX in Markdown: marked keeps `$…$`, `$$…$$`, `\(…\)` and `\[…\]` as placeholders holding the source as
// text (so the sanitizer sees only text), and renderMath turns them into KaTeX's MathML afterwards.
// MathML needs no fonts or inline style: it works under the page's Content-Security-Policy, in the
// standalone download opened from file:// and in print. TeX KaTeX cannot parse stays as its source.
import katex from "/vendor/katex.mjs";

// `$…$` as Pandoc reads it: no space just inside either dollar, and no digit right after the closing one,
// so "it costs $5 and $10" stays text; nor a backtick inside, so a dollar never reaches into code.
const INLINE = [
  { re: /^\$\$([\s\S]+?)\$\$/, display: true },
  { re: /^\\\[([\s\S]+?)\\\]/, display: true },
  { re: /^\\\(([\s\S]+?)\\\)/, display: false },
  { re: /^\$(?![\s$])((?:\\[\s\S]|[^\\$\n`])+?)(?<!\s)\$(?!\d)/, display: false },
];
const BLOCK = [/^\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/, /^\\\[([\s\S]+?)\\\][ \t]*(?:\n+|$)/];

const placeholder = (escape, tex, display) => `<span class="math-tex" data-display="${display}">${escape(tex.trim())}</span>`;

/** marked extensions for the four delimiters; `escape` escapes text for HTML. */
export function mathExtension(escape) {
  return [
    {
      name: "mathBlock",
      level: "block",
      start: (src) => src.match(/\$\$|\\\[/)?.index,
      tokenizer(src) {
        for (const re of BLOCK) {
          const m = re.exec(src);
          if (m) return { type: "mathBlock", raw: m[0], tex: m[1] };
        }
        return undefined;
      },
      renderer: (token) => `<p class="math-block">${placeholder(escape, token.tex, true)}</p>\n`,
    },
    {
      name: "math",
      level: "inline",
      start: (src) => src.match(/\$|\\[([]/)?.index,
      tokenizer(src) {
        for (const { re, display } of INLINE) {
          const m = re.exec(src);
          if (m) return { type: "math", raw: m[0], tex: m[1], display };
        }
        return undefined;
      },
      renderer: (token) => placeholder(escape, token.tex, token.display),
    },
  ];
}

/** Replaces every placeholder under `root` with MathML, or with its source when KaTeX refuses it. */
export function renderMath(root) {
  for (const el of root.querySelectorAll("span.math-tex")) {
    const tex = el.textContent;
    const display = el.dataset.display === "true";
    try {
      // trust: false (the default) keeps \href, \url and \html* from making links or attributes.
      el.outerHTML = katex.renderToString(tex, { output: "mathml", displayMode: display, throwOnError: true, trust: false, strict: "ignore" });
    } catch (e) {
      const source = document.createElement("code");
      source.className = "math-error";
      source.title = e instanceof Error ? e.message : String(e);
      source.textContent = display ? `$$${tex}$$` : `$${tex}$`;
      el.replaceWith(source);
    }
  }
}
