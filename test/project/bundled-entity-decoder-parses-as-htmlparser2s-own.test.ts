// The Worker bundle gives htmlparser2 the entity decoder of the newer `entities` it carries anyway
// (src/bundle-stubs/entities-decode.ts). linkedom is built twice here, as the bundle has it and with
// htmlparser2's own decoder, and both must parse every corpus page and a page of entity corner cases
// (legacy names without a semicolon, attributes, numeric references out of range, astral characters) to
// the same document, byte for byte.
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCorpus } from "../support/extraction-corpus";
import { ROOT } from "../support/paths";

const CORNER_CASES = `<html><body><p title="a&amp;b &ampx=1 &notit; &lt=">&amp &amp; &notit; &notin; &#x80; &#0; &#xD800;
&#1114112; &#65;&#x42;&NotANamedEntity; &Aacute &aacute; &hearts;&fjlig;&ThickSpace; &#128512; &lt</p>
<a href="?a=1&copy=2&amp;c=3">x&copy</a><textarea>&amp;lt;</textarea><title>&gt;&gt</title><svg><text>&amp;&#x3c;</text></svg></body></html>`;

const dir = mkdtempSync(join(tmpdir(), "entities-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** linkedom's parseHTML, bundled with `alias` (the Worker's) or without it (htmlparser2's own decoder), and the files bundled. */
async function linkedomParse(alias: Record<string, string>): Promise<{ parse: (html: string) => string; files: string[] }> {
  const out = join(dir, `parse-${Object.keys(alias).length}.mjs`);
  const { metafile } = await build({
    stdin: { contents: 'export { parseHTML } from "linkedom";', resolveDir: ROOT },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: out,
    alias,
    metafile: true,
    logLevel: "silent",
  });
  const { parseHTML } = (await import(out)) as typeof import("linkedom");
  return { parse: (html) => parseHTML(html).document.toString(), files: Object.keys(metafile.inputs) };
}

const ownEntities = (files: string[]) => files.filter((f) => f.includes("htmlparser2/node_modules/entities/"));

describe("the bundle's entity decoder", () => {
  it("parses every corpus page and the corner cases as htmlparser2's own does", async () => {
    const own = await linkedomParse({});
    const bundled = await linkedomParse({ "entities/decode": join(ROOT, "src/bundle-stubs/entities-decode.ts") });
    // Two decoders are compared, not one twice.
    expect(ownEntities(own.files)).not.toEqual([]);
    expect(ownEntities(bundled.files)).toEqual([]);
    const pages = [CORNER_CASES, ...loadCorpus().map((p) => p.html)];
    expect(pages.length).toBeGreaterThan(20);
    for (const html of pages) expect(bundled.parse(html)).toBe(own.parse(html));
    // The corner cases are decoded at all.
    const corners = bundled.parse(CORNER_CASES);
    for (const decoded of ["&amp; &amp; ¬it; ∉ €", "AB&amp;NotANamedEntity; Á á ♥fj", "😀", 'href="?a=1&copy=2&c=3">x©<']) expect(corners).toContain(decoded);
  }, 60_000);
});
