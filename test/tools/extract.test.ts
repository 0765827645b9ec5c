// extractArticle on the pages the corpus does not cover: HTML without its optional tags, pages
// Readability finds no article in, and nothing at all.
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../src/tools/extract";

const URL_ = "https://example.org/page";

describe("extractArticle", () => {
  it("reads a page that leaves out <html>, <head> and <body>, as browsers allow", () => {
    const a = extractArticle("<!doctype html><title>Limits</title><h2>Idea</h2><p>A limit is the value a function approaches.</p>", URL_);
    expect(a).toEqual({
      title: "Limits",
      content: "## Idea\n\nA limit is the value a function approaches.",
      length: 52,
    });
  });

  it("falls back to the body's text, without scripts, when Readability finds no article", () => {
    const html =
      "<html><head><title>Tool</title><script>var secret = 1</script></head>" +
      "<body><button>Convert</button><select><option>metres</option></select><script>run()</script></body></html>";
    expect(extractArticle(html, URL_)).toEqual({ title: "Tool", content: "Convertmetres", length: 13 });
  });

  it("names an empty page by its URL", () => {
    expect(extractArticle("", URL_)).toEqual({ title: URL_, content: "", length: 0 });
  });

  it("keeps tables readable and line breaks inside paragraphs", () => {
    const html =
      "<html><head><title>T</title></head><body><article><p>First line<br>second line</p>" +
      "<table><tr><th>x</th><th>f(x)</th></tr><tr><td>1</td><td>2</td></tr></table></article></body></html>";
    expect(extractArticle(html, URL_).content).toBe("First line\nsecond line\n\nx | f(x)\n\n1 | 2");
  });

  it("joins inline runs with one space, never two and never none, and trims every line", () => {
    const html =
      "<html><head><title>T</title></head><body><article>" +
      "<h2>\n  Chain \t rule </h2><p> The <b> outer </b>function\u00a0 <i>times</i> the <a href='#'>inner</a>'s derivative. </p>" +
      "<ul><li>  first <em> step </em></li><li>second<br>  then  <br> third </li></ul>" +
      "<table><tr><td> x </td><td></td><td> <b> f(x) </b></td></tr></table></article></body></html>";
    expect(extractArticle(html, URL_).content).toBe(
      "## Chain rule\n\nThe outer function times the inner's derivative.\n\n- first step\n\n- second\nthen\nthird\n\nx | | f(x)",
    );
  });
});
