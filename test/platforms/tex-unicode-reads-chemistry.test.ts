// Chemistry written with mhchem's `\ce{…}` reads in a chat as the page renders it: formulas with their counts as
// subscripts, ions with their charges as superscripts, equations with their arrows, states as written, hydrates
// with a middle dot, electrons as e⁻ and complexes in their brackets (arrows with text:
// tex-unicode-writes-text-on-an-arrow-in-its-shaft.test.ts). Before, every `\ce` came out as TeX source with a
// link to the page. What is beyond the subset is left to the page whole (null), never half converted.
import { describe, expect, it } from "vitest";
import { telegramHtml } from "../../src/platforms/telegram/telegram-html";
import { texToUnicode } from "../../src/platforms/tex-unicode";
import { long, quick } from "../support/linear-time";

describe("chemistry in a chat", () => {
  it.each([
    // Formulas: counts are subscripts, a leading coefficient stays a normal number.
    ["\\ce{H2O}", "H₂O"],
    ["\\ce{2H2O}", "2H₂O"],
    ["\\ce{C6H12O6}", "C₆H₁₂O₆"],
    ["\\ce{CH3COOH}", "CH₃COOH"],
    ["\\ce{Ca(OH)2}", "Ca(OH)₂"],
    ["\\ce{(NH4)2SO4}", "(NH₄)₂SO₄"],
    ["\\ce{Al2(SO4)3}", "Al₂(SO₄)₃"],
    ["\\ce {KMnO4}", "KMnO₄"],
    ["\\ce{((CH3)3C)2O}", "((CH₃)₃C)₂O"],
    // Ions: `^` with or without braces, or a sign at the species' end.
    ["\\ce{Fe^3+}", "Fe³⁺"],
    ["\\ce{Fe^{3+}}", "Fe³⁺"],
    ["\\ce{SO4^2-}", "SO₄²⁻"],
    ["\\ce{PO4^{3-}}", "PO₄³⁻"],
    ["\\ce{Cu^2+}", "Cu²⁺"],
    ["\\ce{Na+}", "Na⁺"],
    ["\\ce{OH-}", "OH⁻"],
    ["\\ce{NH4+}", "NH₄⁺"],
    ["\\ce{Cl^-}", "Cl⁻"],
    // Isotopes.
    ["\\ce{^{14}C}", "¹⁴C"],
    ["\\ce{^{235}_{92}U}", "²³⁵₉₂U"],
    // Hydrates.
    ["\\ce{CuSO4*5H2O}", "CuSO₄·5H₂O"],
    ["\\ce{Na2CO3.10H2O}", "Na₂CO₃·10H₂O"],
    // Equations: arrows, plus, states, gas and precipitate.
    ["\\ce{2H2 + O2 -> 2H2O}", "2H₂ + O₂ → 2H₂O"],
    ["\\ce{CH4 + 2O2 -> CO2 + 2H2O}", "CH₄ + 2O₂ → CO₂ + 2H₂O"],
    ["\\ce{N2 + 3H2 <=> 2NH3}", "N₂ + 3H₂ ⇌ 2NH₃"],
    ["\\ce{A <=> B}", "A ⇌ B"],
    ["\\ce{A <-> B}", "A ↔ B"],
    ["\\ce{H2O <- H2 + O2}", "H₂O ← H₂ + O₂"],
    ["\\ce{CaCO3 -> CaO + CO2 ^}", "CaCO₃ → CaO + CO₂↑"],
    ["\\ce{Zn + 2HCl -> ZnCl2 + H2 ^}", "Zn + 2HCl → ZnCl₂ + H₂↑"],
    ["\\ce{AgNO3 + NaCl -> AgCl v + NaNO3}", "AgNO₃ + NaCl → AgCl↓ + NaNO₃"],
    ["\\ce{H2O(l)}", "H₂O(l)"],
    ["\\ce{NaCl(aq)}", "NaCl(aq)"],
    ["\\ce{2Na(s) + Cl2(g) -> 2NaCl(s)}", "2Na(s) + Cl₂(g) → 2NaCl(s)"],
    ["\\ce{H+(aq) + OH-(aq) -> H2O(l)}", "H⁺(aq) + OH⁻(aq) → H₂O(l)"],
    ["\\ce{Fe^3+ + 3OH- -> Fe(OH)3 v}", "Fe³⁺ + 3OH⁻ → Fe(OH)₃↓"],
    // Electrons (audit R6: these were left to the page).
    ["\\ce{e-}", "e⁻"],
    ["\\ce{Cu^2+ + 2e- -> Cu}", "Cu²⁺ + 2e⁻ → Cu"],
    ["\\ce{Fe^3+ + e^- -> Fe^2+}", "Fe³⁺ + e⁻ → Fe²⁺"],
    // Complexes: brackets as written, their counts and charges as a group's.
    ["\\ce{[Cu(NH3)4]^2+}", "[Cu(NH₃)₄]²⁺"],
    ["\\ce{[Cu(H2O)6]^{2+}}", "[Cu(H₂O)₆]²⁺"],
    ["\\ce{[Ag(NH3)2]+}", "[Ag(NH₃)₂]⁺"],
    ["\\ce{K4[Fe(CN)6]}", "K₄[Fe(CN)₆]"],
    ["\\ce{[Fe(CN)6]^3- + e- -> [Fe(CN)6]^4-}", "[Fe(CN)₆]³⁻ + e⁻ → [Fe(CN)₆]⁴⁻"],
    ["\\ce{Cu^2+ + 4NH3 -> [Cu(NH3)4]^2+}", "Cu²⁺ + 4NH₃ → [Cu(NH₃)₄]²⁺"],
    // Amid other math.
    ["n(\\ce{CO2}) = \\frac{m}{M}", "n(CO₂) = m/M"],
  ])("%s → %s", (tex, unicode) => {
    expect(texToUnicode(tex)).toBe(unicode);
  });

  it.each([
    ["an arrow without spaces", "\\ce{A->B}"],
    ["a bond", "\\ce{CH3-CH3}"],
    ["an oxidation state", "\\ce{Fe^{II}}"],
    ["a lone e", "\\ce{e}"],
    ["an electron inside a formula", "\\ce{He-H}"],
    ["a fractional coefficient", "\\ce{1/2O2}"],
    ["an unclosed bracket", "\\ce{[Cu(NH3)4^2+}"],
    ["brackets that do not pair", "\\ce{[Cu(NH3]4)}"],
    ["a bracket closed with nothing open", "\\ce{Cu]}"],
    ["an unclosed parenthesis", "\\ce{Ca(OH2}"],
    ["a state before a charge", "\\ce{Na(aq)+}"],
    ["two gas marks", "\\ce{CO2 ^ ^}"],
    ["a dot before any element", "\\ce{.H2O}"],
    ["a sign with nothing after it", "\\ce{H2 + }"],
    ["two species with no sign", "\\ce{H2 O2}"],
    ["a command inside", "\\ce{\\alpha}"],
    ["an empty formula", "\\ce{}"],
    ["no braces", "\\ce H2O"],
    ["an unclosed formula", "\\ce{H2O"],
  ])("leaves %s to the page", (_, tex) => {
    expect(texToUnicode(tex)).toBeNull();
  });

  it("shows a chat's `\\ce` as Unicode, with no link to the page", () => {
    expect(telegramHtml("Water: $\\ce{2H2 + O2 -> 2H2O}$.")).toEqual({ blocks: ["Water: 2H₂ + O₂ → 2H₂O."], complexMath: false });
  });

  it.each([
    ["a long formula", `\\ce{${long("H2O")}}`],
    ["a long equation", `\\ce{${long("H2 + ")}H2}`],
    ["nested parentheses", `\\ce{${long("(")}H${long(")")}}`],
    ["nested brackets", `\\ce{${long("[(")}H${long(")]")}}`],
    ["arrows with texts", `\\ce{${long("A ->[H2O][heat] ")}B}`],
  ])("reads %s quickly", (_, tex) => {
    expect(quick(() => texToUnicode(tex))?.length).toBeGreaterThan(0);
  });

  it.each([
    ["unclosed parentheses", `\\ce{${long("(H")}}`],
    ["unclosed charges", `\\ce{H${long("^{1")}}`],
    ["many states", `\\ce{H${long("(aq)")}}`],
    ["unclosed brackets", `\\ce{${long("[H")}}`],
    ["unclosed arrow texts", `\\ce{A ${long("->[H2O ")}}`],
  ])("leaves %s to the page quickly", (_, tex) => {
    expect(quick(() => texToUnicode(tex))).toBeNull();
  });
});
