// TeX from a lesson or a model's reply (up to megabytes) converts in time linear in its length. Each `{…}` was
// read twice per level of nesting, once to find its end and again to convert it: 20,000 nested braces took 1.8 s
// and then overflowed the stack (a RangeError, not "leave it to the page"), as did a long run of `\hat` or
// `\sqrt`; and each command or script looked again at all the text converted before it (500 KB of `\alpha + `
// took 7 s, of `x^{2}` 5 s). Nesting deeper than any formula is now left to the page, and each level reads its own
// text once.
import { describe, expect, it } from "vitest";
import { texToUnicode } from "../../src/platforms/tex-unicode";
import { long, quick } from "../support/linear-time";

describe("TeX as Unicode on long input", () => {
  it.each([
    ["nested braces", "{".repeat(50_000) + "x" + "}".repeat(50_000)],
    ["nested accents", long("\\hat") + "x"],
    ["nested roots", long("\\sqrt") + "x"],
    ["nested environments", long("\\begin{pmatrix}") + "x" + long("\\end{pmatrix}")],
    ["unclosed text commands", long("\\text{")],
    ["unclosed root indices", long("\\sqrt[") + "]"],
    ["unclosed arrow texts", long("\\xrightarrow[") + "]"],
    ["nested marks over expressions", long("\\hat{+") + "x" + long("}")],
  ])("leaves %s to the page quickly", (_, tex) => {
    expect(quick(() => texToUnicode(tex))).toBeNull();
  });

  it.each([
    ["scripts", "x^{2}", "x²"],
    ["scripts after spaces", "x ^{2} ", "x²"],
    ["linear scripts", "x_{ab}", "x_(ab)"],
    ["fractions", "\\frac12", "1/2"],
    ["operators", "\\alpha + ", "α +"],
    ["matrix cells", "a & ", "a,"],
    ["lines", "a \\\\ ", "a"],
    ["arrows with texts", "a \\xrightarrow[b]{c} ", "a —c, b→"],
    ["marks over expressions", "\\hat{a+b} ", "hat(a+b)"],
  ])("converts a long run of %s quickly", (_, unit, converted) => {
    const run = long(unit, 500_000);
    const tex = unit === "a & " ? `\\begin{pmatrix}${run}\\end{pmatrix}` : run;
    expect(quick(() => texToUnicode(tex))).toContain(converted);
  });
});
