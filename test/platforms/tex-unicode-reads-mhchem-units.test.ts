// mhchem's `\pu{…}` (a quantity and its unit) was left as TeX source with a link to the page (audit R5). It now
// reads in a chat as the page's mhchem renders it: the number as written with mhchem's power of ten (`e3` →
// ·10³, `E3` and a written `x10^3` → ×10³), the unit's powers as superscripts, `*` or `.` between symbols as ·.
import { describe, expect, it } from "vitest";
import { telegramHtml } from "../../src/platforms/telegram/telegram-html";
import { texToUnicode } from "../../src/platforms/tex-unicode";
import { long, quick } from "../support/linear-time";

describe("mhchem's units in a chat", () => {
  it.each([
    ["\\pu{123 kJ/mol}", "123 kJ/mol"],
    ["\\pu{300 K}", "300 K"],
    ["\\pu{ 1 atm }", "1 atm"],
    ["\\pu{kJ/mol}", "kJ/mol"],
    ["\\pu{25 °C}", "25 °C"],
    ["\\pu{1,5 g}", "1,5 g"],
    // Powers of ten as mhchem writes them: a lower-case e with a middle dot, an upper-case E or an x with a cross.
    ["\\pu{1.2e3 m/s}", "1.2·10³ m/s"],
    ["\\pu{1.2E3 m/s}", "1.2×10³ m/s"],
    ["\\pu{6.022e23 mol-1}", "6.022·10²³ mol⁻¹"],
    ["\\pu{-1.2e-3 kg}", "−1.2·10⁻³ kg"],
    ["\\pu{1.2x10^3 m}", "1.2×10³ m"],
    ["\\pu{3 x 10^8 m/s}", "3×10⁸ m/s"],
    ["\\pu{1.2 x 10^{-3} m}", "1.2×10⁻³ m"],
    ["\\pu{1.2*10^3 m}", "1.2·10³ m"],
    ["\\pu{10^-3 m}", "10⁻³ m"],
    ["\\pu{1.2e3}", "1.2·10³"],
    // Units: powers as superscripts, `*` and `.` as a middle dot, `/` and spaces as written.
    ["\\pu{9.81 m/s^2}", "9.81 m/s²"],
    ["\\pu{9.81 m/s2}", "9.81 m/s²"],
    ["\\pu{8.314 J K-1 mol-1}", "8.314 J K⁻¹ mol⁻¹"],
    ["\\pu{123 kJ*mol-1}", "123 kJ·mol⁻¹"],
    ["\\pu{3 m.s-1}", "3 m·s⁻¹"],
    ["\\pu{2 cm^3}", "2 cm³"],
    ["\\pu{5 m^{-1}}", "5 m⁻¹"],
    ["\\Delta H = \\pu{-286 kJ/mol}", "ΔH = −286 kJ/mol"],
  ])("%s → %s", (tex, unicode) => {
    expect(texToUnicode(tex)).toBe(unicode);
  });

  it.each([
    ["mhchem's fraction", "\\pu{75.3 J // mol K}"],
    ["a command", "\\pu{5 \\mu m}"],
    ["nothing", "\\pu{}"],
    ["only spaces", "\\pu{ }"],
    ["a power with no digits", "\\pu{m^x}"],
    ["no braces", "\\pu 5 m"],
    ["an unclosed quantity", "\\pu{5 m"],
  ])("leaves %s to the page", (_, tex) => {
    expect(texToUnicode(tex)).toBeNull();
  });

  it("shows units in a Telegram message, with no link to the page", () => {
    expect(telegramHtml("Light: $c = \\pu{3.00e8 m/s}$.")).toEqual({ blocks: ["Light: c = 3.00·10⁸ m/s."], complexMath: false });
  });

  it("reads a long unit quickly", () => {
    expect(quick(() => texToUnicode(`\\pu{1 ${long("m ")}s}`))?.length).toBeGreaterThan(0);
  });

  it("leaves a long unclosed unit to the page quickly", () => {
    expect(quick(() => texToUnicode(`\\pu{1 ${long("m*")}`))).toBeNull();
  });
});
