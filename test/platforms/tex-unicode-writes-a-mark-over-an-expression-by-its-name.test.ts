// A mark over or under an expression (`\hat{x+y}`, `\underbrace{a+b}_{n}`, `\overset{?}{=}`) was left as TeX
// source with a link to the page (audit R5): Unicode's combining marks sit on one character, and on each of
// `x+y` they would read as marks on x, + and y. It is now written in the linear format as `vec(AB)` already
// was: the mark's name before the expression in parentheses, and the text TeX sets over or under it as a script
// after it, under the one script rule (script characters when all of it has them, else `^`/`_` and parentheses).
import { describe, expect, it } from "vitest";
import { texToUnicode } from "../../src/platforms/tex-unicode";

describe("a mark over an expression", () => {
  it.each([
    // Accents over more than letters: the accent's name (\widehat is hat, an arrow is vec).
    ["\\hat{x+y}", "hat(x+y)"],
    ["\\hat{(a+b)}", "hat(a+b)"],
    ["\\tilde{(a)(b)}", "tilde((a)(b))"],
    ["\\widehat{x+y}", "hat(x+y)"],
    ["\\overline{z_1 + z_2} = \\bar z_1 + \\bar z_2", "overline(z₁ + z₂) = z̄₁ + z̄₂"],
    ["\\vec{a} + \\vec{b} = \\overrightarrow{a+b}", "a⃗ + b⃗ = vec(a+b)"],
    ["\\vec{\\nabla}", "vec(∇)"],
    ["\\bar{x_{avg}}", "bar(x_(avg))"],
    ["\\hat{\\frac{a}{b}}", "hat(a/b)"],
    // Braces: the text under or over the brace is its script.
    ["\\underbrace{a+b}_{n}", "underbrace(a+b)ₙ"],
    ["\\underbrace{a + b}_{n} < 1", "underbrace(a + b)ₙ < 1"],
    ["\\underbrace{1 + \\dots + 1}_{n \\text{ times}}", "underbrace(1 + … + 1)_(n times)"],
    ["\\overbrace{x + \\cdots + x}^{k}", "overbrace(x + ⋯ + x)ᵏ"],
    ["\\underbrace{(a+b)^2}_{\\ge 0}", "underbrace((a+b)²)_(≥0)"],
    // A text over or under a symbol is its script, as for \lim and \sum.
    ["a \\overset{?}{=} b", "a =^? b"],
    ["a \\stackrel{\\text{def}}{=} b", "a =^(def) b"],
    ["\\underset{x \\to 0}{\\lim} f(x)", "lim_(x→0) f(x)"],
    ["\\overset{n}{\\sum}", "∑ⁿ"],
    ["\\underset{i}{\\max} x_i", "maxᵢ xᵢ"],
  ])("%s → %s", (tex, unicode) => {
    expect(texToUnicode(tex)).toBe(unicode);
  });

  it.each([
    ["an accent over nothing", "\\hat{}"],
    ["a brace over nothing", "\\underbrace{}_{n}"],
    ["a brace over lines", "\\underbrace{\\begin{cases} a \\\\ b \\end{cases}}_{n}"],
    ["an accent over a cell", "\\hat{a & b}"],
    ["\\overset with one argument", "\\overset{a}"],
  ])("leaves %s to the page", (_, tex) => {
    expect(texToUnicode(tex)).toBeNull();
  });
});
