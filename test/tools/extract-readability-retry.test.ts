// A page whose article only Readability's retry with looser rules finds (its first attempt strips the
// article as an unlikely candidate): extraction makes no copy of the page before the first attempt, and
// makes the body again from the source when the retry asks for it.
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../src/tools/extract";

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the discussion explains integrals as accumulated change, with enough words, commas, and clauses to score as content.</p>`;
const PAGE = `<!doctype html><html><head><title>Integrals</title></head><body>
<div class="comment-thread">${[1, 2, 3, 4, 5, 6].map(paragraph).join("")}</div>
<div class="links"><a href="/">Home</a> <a href="/about">About us</a></div>
</body></html>`;

describe("Readability's retry with looser rules", () => {
  it("finds the article the first attempt stripped, without the rest of the page", () => {
    const article = extractArticle(PAGE, "https://example.com/integrals");
    expect(article.title).toBe("Integrals");
    for (const n of [1, 6]) expect(article.content).toContain(`Paragraph ${n} of the discussion`);
    // The whole body stands in only when Readability finds nothing: then the links would be there too.
    expect(article.content).not.toContain("About us");
  });
});
