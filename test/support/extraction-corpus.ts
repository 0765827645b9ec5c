// The extraction corpus of ../shared/corpus and its scorer, re-implemented from
// score-extraction.mjs (that script runs on import, so it cannot be imported): bag-of-tokens F1 of
// an extractor's text against the text of Readability's expected.html, CJK characters one token each.
// Shared by test/tools/extraction-corpus.test.ts and bench/extraction.mjs.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseHTML } from "linkedom";

/** CORPUS_DIR names it where the checkout is not beside ../shared (a git worktree elsewhere). */
export const CORPUS_DIR = process.env.CORPUS_DIR ?? resolve(import.meta.dirname, "../../../shared/corpus/readability-pages");
/** The URL score-extraction.mjs hands every extractor. */
export const CORPUS_PAGE_URL = "http://fakehost/test/page.html";

export interface CorpusPage {
  name: string;
  html: string;
  goldTokens: string[];
}

export interface Score {
  precision: number;
  recall: number;
  f1: number;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Lowercase, NFKC; runs of letters/digits/marks are tokens, except every CJK character stands alone. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text
    .toLowerCase()
    .normalize("NFKC")
    .matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const word = m[0];
    if (!CJK.test(word)) {
      out.push(word);
      continue;
    }
    let run = "";
    for (const ch of word) {
      if (!CJK.test(ch)) {
        run += ch;
        continue;
      }
      if (run) out.push(run);
      run = "";
      out.push(ch);
    }
    if (run) out.push(run);
  }
  return out;
}

function bag(tokens: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of tokens) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

export function f1(predicted: string[], gold: string[]): Score {
  const g = bag(gold);
  let overlap = 0;
  for (const [t, c] of bag(predicted)) overlap += Math.min(c, g.get(t) ?? 0);
  const precision = predicted.length ? overlap / predicted.length : 0;
  const recall = gold.length ? overlap / gold.length : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

export function loadCorpus(dir = CORPUS_DIR): CorpusPage[] {
  return readdirSync(dir)
    .sort()
    .filter((name) => existsSync(join(dir, name, "source.html")))
    .map((name) => {
      const expected = readFileSync(join(dir, name, "expected.html"), "utf8");
      const goldText = parseHTML(`<!doctype html><html><body>${expected}</body></html>`).document.body.textContent;
      return { name, html: readFileSync(join(dir, name, "source.html"), "utf8"), goldTokens: tokenize(goldText ?? "") };
    });
}

export const scoreText = (text: string, page: CorpusPage): Score => f1(tokenize(text), page.goldTokens);
