// The prune the issue proposed, kept here as the bench's point of comparison: Workers' streaming
// HTMLRewriter dropping the same elements and furniture as the product's expressions
// (src/tools/prune-page.ts) as the bytes arrive. It removes an element only through a JavaScript
// callback, which is what makes it the dearer of the two.
import { DROPPED_ELEMENTS, DROPPED_TAGS, MAYBE, UNLIKELY_WORDS } from "../../src/tools/prune-page";

const DROPPED = [
  ...DROPPED_ELEMENTS.map((name) => (name === "script" ? "script:not([type='application/ld+json'])" : name)),
  ...DROPPED_TAGS,
  "[hidden]",
  "[style*='display:none' i]",
  "[aria-hidden='true']",
  "[role='navigation']",
  "[role='complementary']",
  "[role='dialog']",
].join(",");
const UNLIKELY = UNLIKELY_WORDS.flatMap((w) => [`[class*='${w}' i]`, `[id*='${w}' i]`]).join(",");
const KEPT = new Set(["html", "head", "body", "a", "main", "article", "table", "code"]);

export async function htmlRewriterPrune(html: string): Promise<string> {
  let sheltered = 0;
  const rewriter = new HTMLRewriter()
    .on(DROPPED, { element: (e) => void e.remove() })
    .on("table, code", {
      element(e) {
        sheltered++;
        e.onEndTag(() => void sheltered--);
      },
    })
    .on(UNLIKELY, {
      element(e) {
        if (sheltered || KEPT.has(e.tagName) || e.removed) return;
        if (!MAYBE.test(`${e.getAttribute("class") ?? ""} ${e.getAttribute("id") ?? ""}`)) e.remove();
      },
    })
    .onDocument({ comments: (c) => void c.remove() });
  return rewriter.transform(new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } })).text();
}
