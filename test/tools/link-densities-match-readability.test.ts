// The one-walk link densities (src/tools/link-densities.ts) against Readability's own `_getLinkDensity`,
// bit for bit: on the candidates Readability scores in every corpus page, and on every element of
// generated pages full of the whitespace, nesting and in-page links that its text normalization and link
// weights turn on.
import { Readability } from "@mozilla/readability";
import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";
import { linkDensities, type WalkedNode } from "../../src/tools/link-densities";
import { prunePage } from "../../src/tools/prune-page";
import { loadCorpus } from "../support/extraction-corpus";

type Doc = { documentElement: WalkedNode; querySelectorAll(s: string): ArrayLike<WalkedNode> };
const parse = (html: string) => new DOMParser().parseFromString(html, "text/html") as unknown as Doc;
const HASH_URL = /^#.+/;
const readabilitys = (doc: Doc) => new Readability(doc as never) as unknown as { _getLinkDensity(node: WalkedNode): number };

/** Each candidate's density both ways; Object.is tells 0 from -0 and compares NaN, so equal means the same bits. */
function bothWays(doc: Doc, candidates: readonly WalkedNode[]) {
  const reader = readabilitys(doc);
  const alone = (node: WalkedNode) => reader._getLinkDensity(node);
  return { walked: linkDensities(doc.documentElement, candidates, HASH_URL, alone), alone: candidates.map(alone) };
}

describe("link densities measured in one walk", () => {
  it("equal Readability's, candidate by candidate, on the candidates it scores in every corpus page", () => {
    let compared = 0;
    for (const page of loadCorpus()) {
      const doc = parse(prunePage(page.html));
      const seen: WalkedNode[][] = [];
      class Recording extends Readability<WalkedNode> {
        _getLinkDensities(candidates: WalkedNode[]): number[] {
          seen.push([...candidates]);
          return candidates.map((c) => this._getLinkDensity(c));
        }
      }
      const reader = new Recording(doc as never);
      const walked = (candidates: WalkedNode[]) => linkDensities(doc.documentElement, candidates, HASH_URL, (c) => reader._getLinkDensity(c));
      // Compared as Readability calls it, while the page is as it was then.
      reader._getLinkDensities = function (candidates: WalkedNode[]) {
        const own = Recording.prototype._getLinkDensities.call(this, candidates);
        expect(walked(candidates), page.name).toStrictEqual(own);
        compared += candidates.length;
        return own;
      };
      reader.parse();
      expect(seen.length, page.name).toBeGreaterThan(0);
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("equal Readability's for every element of pages of odd whitespace, nested links and in-page links", () => {
    let seed = 7;
    // A fixed sequence (the same pages every run), from the generator's high bits: its low bits repeat soon.
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), (seed >>> 16) % n);
    const pieces = [" ", "  ", "\n\t", "\r\n", "\f", "\u00a0", "\u3000", "\u2009\u200a", "\ufeff", "word", "語", "x,y", "&nbsp;", "<!-- note -->"];
    const text = () => Array.from({ length: random(5) }, () => pieces[random(pieces.length)]).join("");
    const element = (depth: number): string => {
      const kids = Array.from({ length: depth ? random(4) : 0 }, () => (random(3) ? element(depth - 1) : text())).join(text());
      const href = ["", ' href="#part"', ' href="#"', ' href="/elsewhere"'][random(4)];
      return random(3) === 0 ? `<a${href}>${text()}${kids}</a>` : `<div>${text()}${kids}${text()}</div>`;
    };
    for (let page = 0; page < 40; page++) {
      const doc = parse(`<!doctype html><html><head><title>t</title></head><body>${element(5)}${text()}${element(4)}</body></html>`);
      const all = Array.from(doc.querySelectorAll("*"));
      const { walked, alone } = bothWays(doc, all);
      expect(walked, `page ${page}`).toStrictEqual(alone);
    }
  });

  it("leaves a candidate outside the walked root to Readability's own measure", () => {
    const doc = parse("<!doctype html><html><head></head><body><p>Some <a href='/x'>linked</a> text</p></body></html>");
    const outside = parse("<!doctype html><html><head></head><body><p><a>all link</a></p></body></html>");
    const p = outside.querySelectorAll("p")[0]!;
    expect(linkDensities(doc.documentElement, [p], HASH_URL, () => 42)).toStrictEqual([42]);
  });
});
