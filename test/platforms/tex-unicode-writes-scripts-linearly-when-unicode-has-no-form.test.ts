// A sub- or superscript with a character Unicode has no script form for (π, α, /, most letters) was left as TeX
// source outside a limit's or a sum's bounds (audit R5). It is now written in the linear format, `^` or `_` then
// the script, in parentheses unless it is one character; and a base's sub- and superscript are written the same
// way, both in script characters or both linear, never one half of each.
import { describe, expect, it } from "vitest";
import { texToUnicode } from "../../src/platforms/tex-unicode";

describe("scripts with no Unicode form", () => {
  it.each([
    ["e^{i\\pi} + 1 = 0", "e^(iπ) + 1 = 0"],
    ["e^{-x^2}", "e^(−x²)"],
    ["a^{\\pi}", "a^π"],
    ["x^{1/2}", "x^(1/2)"],
    ["z_{\\alpha/2}", "z_(α/2)"],
    ["v_{avg} = 3", "v_(avg) = 3"],
    ["x_{i,j}", "x_(i,j)"],
    ["\\sigma_{\\bar{x}}", "σ_(x̄)"],
    ["A^*", "A^*"],
    // Words, though each letter has a script form (audit R6: "ᵢₙₒᵤₜ" read as one word).
    ["v_{\\text{in out}}", "v_(in out)"],
    // Where every character has a form, the script characters as before.
    ["x_{n+1}", "xₙ₊₁"],
    ["e^{x+y}", "eˣ⁺ʸ"],
    ["\\sum_{i=1}^{n} x_i", "∑ᵢ₌₁ⁿ xᵢ"],
    // One of a pair without a form: both linear.
    ["\\int_a^b f(x)\\,dx", "∫_a^b f(x) dx"],
    ["\\sum_{k=0}^{\\infty} \\frac{x^k}{k!}", "∑_(k=0)^∞ xᵏ/(k!)"],
    ["\\int_{-\\infty}^{\\infty} e^{-x^2} dx = \\sqrt{\\pi}", "∫_(−∞)^∞ e^(−x²) dx = √π"],
    ["x_1^2", "x₁²"],
    // A linear script is followed by a space before an operand, not before a comma or a closing bracket.
    ["(e^{i\\pi}), e^{i\\pi} x", "(e^(iπ)), e^(iπ) x"],
  ])("%s → %s", (tex, unicode) => {
    expect(texToUnicode(tex)).toBe(unicode);
  });
});
