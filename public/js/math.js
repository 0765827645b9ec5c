// TeX in Markdown: marked keeps `$…$`, `$$…$$`, `\(…\)` and `\[…\]` as placeholders holding the source as
// text (so the sanitizer sees only text), and renderMath turns them into KaTeX's MathML afterwards.
// MathML needs no fonts or inline style: it works under the page's Content-Security-Policy, in the
// standalone download opened from file:// and in print. TeX KaTeX cannot parse stays as its source.
import katex from "/vendor/katex.mjs";
// mhchem adds `\ce{2H2 + O2 -> 2H2O}` and `\pu{…}` to that KaTeX (it imports the same module).
import "/vendor/contrib/mhchem.mjs";
import { mathExtensions } from "./math-syntax.js";

/** marked extensions keeping TeX as placeholders with its source as text; `escape` escapes text for HTML. */
export function mathExtension(escape) {
  return mathExtensions((tex, display, block) => {
    const placeholder = `<span class="math-tex" data-display="${display}">${escape(tex)}</span>`;
    return block ? `<p class="math-block">${placeholder}</p>\n` : placeholder;
  });
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
