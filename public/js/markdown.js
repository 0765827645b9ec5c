// Markdown to HTML for lessons and answers, made safe to insert. The Markdown is untrusted (a model
// that read the web wrote it), so the HTML marked produces goes through DOMPurify, a maintained
// sanitizer that judges each URL as the browser will read it (entities decoded: `javascript&#58;` is
// `javascript:`). Raw HTML in the Markdown is shown as text, and images from other origins become links,
// so a lesson never loads anything the page's Content-Security-Policy would refuse.
//
// Math and code are rendered after the sanitizer, from text only: TeX (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`)
// is kept by marked as a placeholder holding its source as text, and replaced by KaTeX's MathML (no fonts,
// no inline style, so it works under the page's policy, in the standalone download and in print); TeX
// KaTeX cannot parse stays visible as its source. Code blocks are coloured by highlight.js, which escapes
// what it emits. Neither library is given anything but text, so neither can let markup through.
// ```mermaid blocks in a shown lesson or answer are drawn as diagrams (diagrams.js), mermaid loaded only then.
import DOMPurify from "/vendor/purify.es.mjs";
import { Marked } from "/vendor/marked.esm.js";
import { drawDiagrams } from "./diagrams.js";
import { highlightCode } from "./highlight.js";
import { mathExtension, renderMath } from "./math.js";

export const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function sameOrigin(href) {
  try {
    return new URL(href, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

const marked = new Marked({
  gfm: true,
  extensions: mathExtension(escapeHtml),
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    image({ href, text }) {
      // false: marked's own rendering. The link still goes through the sanitizer below.
      return sameOrigin(href) ? false : `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`;
    },
  },
});

const PURIFY = { USE_PROFILES: { html: true }, FORBID_ATTR: ["style"], FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"] };

/** Sanitized HTML with its math and code rendered (see above). */
function finish(html) {
  const template = document.createElement("template");
  template.innerHTML = DOMPurify.sanitize(html, PURIFY);
  renderMath(template.content);
  highlightCode(template.content);
  return template.innerHTML;
}

/** Sanitized HTML, safe for innerHTML. */
export function renderMarkdown(markdown) {
  return finish(marked.parse(markdown, { async: false }));
}

/** One line of Markdown (an option, feedback, an expected answer) as sanitized inline HTML, math included. */
export function renderInline(text) {
  return finish(marked.parseInline(text, { async: false }));
}

/** Letters of the scripts written right to left. */
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/gu;

/**
 * The direction a text reads in: "rtl" when most of its letters, outside code, math and link targets,
 * are of a right-to-left script (an Arabic lesson), else "ltr". Not the first letter alone, as
 * `dir="auto"` would: an Arabic paragraph may well start with `$x$`.
 */
export function textDirection(markdown) {
  const prose = markdown
    .replace(/```[\s\S]*?```|`[^`\n]*`/g, " ")
    .replace(/\$\$[\s\S]*?\$\$|\$[^$\n]*\$/g, " ")
    .replace(/\]\([^)]*\)/g, "]");
  const rtl = prose.match(RTL_LETTER)?.length ?? 0;
  const letters = prose.match(/\p{L}/gu)?.length ?? 0;
  return rtl * 2 > letters ? "rtl" : "ltr";
}

/**
 * Shows Markdown in `element`, sanitized and set in its own direction; code reads left to right in any
 * lesson. Its diagrams replace their source blocks as they are drawn.
 */
export function renderInto(element, markdown) {
  element.innerHTML = renderMarkdown(markdown);
  element.dir = textDirection(markdown);
  for (const code of element.querySelectorAll("pre, code")) code.dir = "ltr";
  drawDiagrams(element);
}
