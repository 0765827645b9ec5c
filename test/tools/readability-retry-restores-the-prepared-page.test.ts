// Readability's retry with looser rules starts again from the page as its first attempt found it.
// Extraction makes no copy of the page before that attempt; it makes the body again from the source when
// a retry asks for it (src/tools/extract.ts, restoredFromSource). With every attempt made to fail, every
// corpus page and a page of everything Readability prepares (noscript images, scripts, styles, <br> runs,
// <font>) must be, at each retry, exactly what the first attempt started from.
import { Readability } from "@mozilla/readability";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { extractArticle } from "../../src/tools/extract";
import { prunePage } from "../../src/tools/prune-page";
import { loadCorpus } from "../support/extraction-corpus";

type Node = { ownerDocument: unknown; firstChild: Node | null; nextSibling: Node | null };
type Reader = { _doc: { body: Node & { toString(): string } }; _grabArticle(page?: unknown): unknown; _removeFlag(flag: number): void };
const proto = Readability.prototype as unknown as Reader & { DEFAULT_CHAR_THRESHOLD: number };
const saved = { grab: proto._grabArticle, removeFlag: proto._removeFlag, threshold: proto.DEFAULT_CHAR_THRESHOLD };

const PREPARED = `<!doctype html><html><head><title>Limits</title><style>p { color: red }</style></head><body>
<div class="content"><p>A limit is the value a function approaches, <font color="blue">as its input</font> approaches a point.</p>
first line<br><br>second line after a run of breaks<br><br><br>third
<img src="placeholder.gif" alt=""><noscript><img src="graph.png" alt="the graph of 1/x"></noscript>
<script>track()</script><style>.content { margin: 0 }</style><p>One-sided limits look from one side only; both must agree for the limit to exist.</p></div>
</body></html>`;

/** Nodes below `node` that belong to another document than `doc`. */
function foreign(node: Node, doc: unknown): number {
  let n = 0;
  for (let child = node.firstChild; child; child = child.nextSibling) n += (child.ownerDocument === doc ? 0 : 1) + foreign(child, doc);
  return n;
}

/** The body at the start of the first attempt, and at the start of each retry (right after it is put back); `foreign` counts its nodes of another document then. */
function startsOf(html: string): { first: string; retries: string[]; foreign: number } {
  let first = "";
  const retries: string[] = [];
  let strangers = 0;
  proto._grabArticle = function (this: Reader, page?: unknown) {
    first = this._doc.body.toString();
    return saved.grab.call(this, page);
  };
  // Readability drops a flag right after it puts the page back for the next attempt.
  proto._removeFlag = function (this: Reader, flag: number) {
    retries.push(this._doc.body.toString());
    strangers += foreign(this._doc.body, this._doc);
    saved.removeFlag.call(this, flag);
  };
  extractArticle(html, "https://example.com/page");
  return { first, retries, foreign: strangers };
}

describe("Readability's retry", () => {
  // No article is long enough: every page goes through all three retries.
  beforeEach(() => void (proto.DEFAULT_CHAR_THRESHOLD = Number.MAX_SAFE_INTEGER));
  afterEach(() => {
    proto._grabArticle = saved.grab;
    proto._removeFlag = saved.removeFlag;
    proto.DEFAULT_CHAR_THRESHOLD = saved.threshold;
  });

  it("starts each retry from the page its first attempt started from, on every corpus page", () => {
    for (const page of loadCorpus()) {
      const { first, retries, foreign } = startsOf(prunePage(page.html));
      expect(retries, page.name).toHaveLength(3);
      // Made from another parse, the body's nodes are moved over as linkedom's innerHTML setter moves them.
      expect(foreign, page.name).toBe(0);
      for (const start of retries) expect(start === first, `${page.name}: a retry started from another page`).toBe(true);
    }
  });

  it("starts each retry from the page as Readability prepared it: noscript images, scripts, styles, breaks and fonts", () => {
    const { first, retries } = startsOf(PREPARED);
    // What preparing did is in the page the first attempt saw, so a retry that skipped a step would differ.
    expect(first).not.toMatch(/<noscript|<script|<style|<font|<br>\s*<br>/i);
    expect(first).toContain('src="graph.png"');
    expect(retries).toHaveLength(3);
    for (const start of retries) expect(start).toBe(first);
  });
});
