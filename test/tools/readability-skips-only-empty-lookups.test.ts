// Readability looks for elements of a few names about a hundred times per page; extraction answers a look
// for a name the page never had, and that Readability never makes, with nothing, without walking
// (src/tools/extract.ts). A page with a noscript always walks: Readability may turn a noscript's content
// into elements of any name. So adding an empty noscript gives the reading that walks every time, and it
// must give the same text: on every corpus page as fetched and as pruned, and on pages where Readability
// makes elements itself, at the default threshold; and, with every attempt made to fail, on the pruned ones.
import { Readability } from "@mozilla/readability";
import { afterEach, describe, expect, it } from "vitest";
import { extractArticle } from "../../src/tools/extract";
import { prunePage } from "../../src/tools/prune-page";
import { loadCorpus } from "../support/extraction-corpus";

type Looks = { _getAllNodesWithTag(node: unknown, tags: string[]): ArrayLike<unknown> };
const proto = Readability.prototype as unknown as Looks & { DEFAULT_CHAR_THRESHOLD: number };
const saved = { look: proto._getAllNodesWithTag, threshold: proto.DEFAULT_CHAR_THRESHOLD };

// No div, p, span or h2 in the source: Readability makes them (paragraphs of <br> runs, spans of fonts,
// h2 of the h1, a paragraph of a one-cell table) and then looks for them.
const MADE_HERE = `<!doctype html><html><head><title>Series</title></head><body><article>
<h1>Series</h1>A series adds the terms of a sequence, one after another, and asks where the sums go.<br><br>
<font>A geometric series with ratio below one in size converges; its sum is the first term over one minus the ratio.</font><br><br>
The harmonic series diverges, though its terms go to zero: grouping its terms shows sums past any bound.<br><br>
<table><tr><td>An alternating series converges when its terms shrink to zero in size, each smaller than the last.</td></tr></table>
<h1>Tests</h1>The ratio test, the root test and the comparison test tell convergence for most series met in a first course.
</article></body></html>`;

// No div in the source: the paragraph holding a <br> run becomes one, and its links make it one to drop.
const sentence = (n: number) => `Paragraph ${n} explains how a derivative measures change, with enough words, commas, and clauses to count as content.`;
const RELATED = Array.from({ length: 12 }, (_, i) => `<a href="/t${i}">related topic number ${i}</a>`).join(" ");
const DIV_MADE_HERE = `<!doctype html><html><head><title>Derivatives</title></head><body><article>
<p>${sentence(1)}</p><p>${sentence(2)}</p><p>${sentence(3)}</p><p>See also<br><br>${RELATED}</p><p>${sentence(4)}</p><p>${sentence(5)}</p>
</article></body></html>`;

/** The page's text, and how many looks walked the page, with and without an empty noscript added. */
function bothWays(html: string) {
  let walks = 0;
  proto._getAllNodesWithTag = function (this: Looks, node: unknown, tags: string[]) {
    walks++;
    return saved.look.call(this, node, tags);
  };
  const skipping = extractArticle(html, "https://example.com/page");
  const skippingWalks = walks;
  walks = 0;
  const walking = extractArticle(html.replace(/<\/body>/i, "<noscript></noscript></body>"), "https://example.com/page");
  return { skipping, walking, skippingWalks, walkingWalks: walks };
}

/** The corpus as pruned (what extraction reads), and as fetched too when `fetched`. */
const pages = (fetched: boolean) => [
  ...loadCorpus().flatMap((p) => [
    ...(fetched ? [{ name: `${p.name} (fetched)`, html: p.html }] : []),
    { name: `${p.name} (pruned)`, html: prunePage(p.html) },
  ]),
  { name: "made here", html: MADE_HERE },
  { name: "a div made here", html: DIV_MADE_HERE },
];

describe("looks for element names the page never had", () => {
  afterEach(() => {
    proto._getAllNodesWithTag = saved.look;
    proto.DEFAULT_CHAR_THRESHOLD = saved.threshold;
  });

  // Every attempt failing makes four readings of each page: the pruned pages are enough there.
  for (const [mode, threshold, fetched] of [
    ["with Readability's threshold", saved.threshold, true],
    ["with every attempt made to fail", Number.MAX_SAFE_INTEGER, false],
  ] as const) {
    it(`find nothing, so skipping them leaves the text as it was: ${mode}`, () => {
      proto.DEFAULT_CHAR_THRESHOLD = threshold;
      let skipped = 0;
      for (const page of pages(fetched)) {
        const r = bothWays(page.html);
        expect(r.skipping, page.name).toEqual(r.walking);
        skipped += r.walkingWalks - r.skippingWalks;
      }
      // The skipping is real: over the pages, many looks did not walk.
      expect(skipped).toBeGreaterThan(1000);
    });
  }

  it("lets Readability find the elements it made itself", () => {
    const { skipping } = bothWays(MADE_HERE);
    expect(skipping.content).toContain("## Tests");
    expect(skipping.content).toContain("An alternating series converges");
    const links = bothWays(DIV_MADE_HERE).skipping.content;
    expect(links).toContain("Paragraph 5 explains");
    expect(links).not.toContain("related topic number");
  });
});
