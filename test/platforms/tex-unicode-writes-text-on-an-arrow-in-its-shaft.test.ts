// An arrow with a text over or under it (`\xrightarrow{\Delta}`, `\overset{\Delta}{\to}`, mhchem's `->[\Delta]`)
// was left as TeX source with a link to the page (audit R5). A line of chat text cannot stack the text on the
// arrow, so it sits in the arrow's shaft: a dash, the text, the head (—Δ→), or the head first for an arrow to the
// left (←Δ—); the text under the arrow follows the one over it after a comma; a text with more than words,
// numbers and formulas is put in parentheses, so its own arrows and signs do not read as the arrow's.
import { describe, expect, it } from "vitest";
import { telegramHtml } from "../../src/platforms/telegram/telegram-html";
import { texToUnicode } from "../../src/platforms/tex-unicode";

describe("an arrow's text in its shaft", () => {
  it.each([
    ["A \\xrightarrow{\\Delta} B", "A —Δ→ B"],
    ["A \\xleftarrow{\\Delta} B", "A ←Δ— B"],
    ["A \\xrightarrow{\\text{heat}} B", "A —heat→ B"],
    ["A \\xrightarrow[\\text{below}]{\\text{above}} B", "A —above, below→ B"],
    ["A \\xrightarrow[T]{} B", "A —T→ B"],
    ["x \\xrightarrow{} y", "x → y"],
    ["p \\xRightarrow{f} q", "p —f⇒ q"],
    ["p \\xLeftarrow{f} q", "p ⇐f— q"],
    ["A \\xleftrightarrow{h\\nu} B", "A —hν↔ B"],
    ["A \\xrightleftharpoons[k_2]{k_1} B", "A —k₁, k₂⇌ B"],
    // A text holding arrows or signs is parenthesised.
    ["a_n \\xrightarrow{n \\to \\infty} 0", "aₙ —(n → ∞)→ 0"],
    ["A \\xrightarrow{-H_2O} B", "A —(−H₂O)→ B"],
    // \overset and \underset over an arrow write it the same way.
    ["A \\overset{\\Delta}{\\rightarrow} B", "A —Δ→ B"],
    ["A \\underset{\\text{cat}}{\\to} B", "A —cat→ B"],
    ["A \\stackrel{\\Delta}{\\leftarrow} B", "A ←Δ— B"],
    // mhchem's arrows: the text over and under it as \ce reads it (formulas, words, numbers, \Delta, {text}).
    ["\\ce{CaCO3 ->[\\Delta] CaO + CO2}", "CaCO₃ —Δ→ CaO + CO₂"],
    ["\\ce{A ->[H2O][heat] B}", "A —H₂O, heat→ B"],
    ["\\ce{A ->[][heat] B}", "A —heat→ B"],
    ["\\ce{N2 + 3H2 <=>[Fe][500 K] 2NH3}", "N₂ + 3H₂ —Fe, 500 K⇌ 2NH₃"],
    ["\\ce{A ->[Pt, \\Delta] B}", "A —Pt, Δ→ B"],
    ["\\ce{Hg^2+ ->[I-] HgI2}", "Hg²⁺ —I⁻→ HgI₂"],
    ["\\ce{A <-[x] B}", "A ←x— B"],
    ["\\ce{A <->[h\\nu] B}", "A —hν↔ B"],
    // mhchem copies a {text} as written, formulas and all.
    ["\\ce{C2H5OH ->[{conc. H2SO4}] C2H4 + H2O}", "C₂H₅OH —conc. H2SO4→ C₂H₄ + H₂O"],
  ])("%s → %s", (tex, unicode) => {
    expect(texToUnicode(tex)).toBe(unicode);
  });

  it.each([
    ["an arrow KaTeX does not stretch", "\\xto{x}"],
    ["brackets in the text under it", "\\xrightarrow[[x]]{a}"],
    ["an unclosed text under it", "\\xrightarrow[x{a}"],
    ["a cell in its text", "\\xrightarrow{a & b}"],
    ["lines in its text", "\\xrightarrow{\\begin{cases} a \\\\ b \\end{cases}}"],
    ["math in mhchem's text", "\\ce{A ->[$x$] B}"],
    ["a command in mhchem's text", "\\ce{A ->[{\\alpha}] B}"],
    ["an unknown command in mhchem's text", "\\ce{A ->[\\constructor] B}"],
    ["an unclosed mhchem text", "\\ce{A ->[x B}"],
    ["three mhchem texts", "\\ce{A ->[a][b][c] B}"],
  ])("leaves %s to the page", (_, tex) => {
    expect(texToUnicode(tex)).toBeNull();
  });

  it("shows the arrow in a Telegram message, with no link to the page", () => {
    expect(telegramHtml("Heat it: $\\ce{CaCO3 ->[\\Delta] CaO + CO2}$.")).toEqual({
      blocks: ["Heat it: CaCO₃ —Δ→ CaO + CO₂."],
      complexMath: false,
    });
  });
});
