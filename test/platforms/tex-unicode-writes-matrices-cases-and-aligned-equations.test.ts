// Matrices, determinants, cases and aligned equations read as text in a chat (audit R5): each was left as TeX
// source before. A matrix is one line, rows split by `;` and entries by `,`, in the brackets TeX draws; cases
// and aligned equations are lines, a case as `{ value, condition`, an aligned row with its `&` dropped.
import { describe, expect, it } from "vitest";
import { telegramHtml } from "../../src/platforms/telegram/telegram-html";
import { texToUnicode } from "../../src/platforms/tex-unicode";

describe("TeX environments as chat text", () => {
  it.each([
    ["\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}", "(a, b; c, d)"],
    ["\\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}", "[1, 0; 0, 1]"],
    ["\\begin{vmatrix} a & b \\\\ c & d \\end{vmatrix} = ad - bc", "|a, b; c, d| = ad − bc"],
    ["\\begin{Vmatrix} x \\end{Vmatrix}", "‖x‖"],
    ["\\begin{pmatrix}1 & 2\\end{pmatrix}^T", "(1, 2)ᵀ"],
    ["\\begin{pmatrix} 1 \\\\ 2 \\\\ 3 \\\\ \\end{pmatrix}", "(1; 2; 3)"],
    ["A = \\left(\\begin{matrix} 1 & 2 \\\\ 3 & 4 \\end{matrix}\\right)", "A = (1, 2; 3, 4)"],
    ["\\left[\\begin{array}{cc} 1 & 2 \\\\ 3 & 4 \\end{array}\\right]", "[1, 2; 3, 4]"],
    ["\\begin{pmatrix} \\frac{1}{2} & \\sqrt{2} \\\\ x^2 & \\cdots \\end{pmatrix}", "(1/2, √2; x², ⋯)"],
    ["f(x) = \\begin{cases} x & \\text{if } x \\ge 0 \\\\ -x & \\text{if } x < 0 \\end{cases}", "f(x) =\n{ x, if x ≥ 0\n{ −x, if x < 0"],
    ["\\begin{cases} x + y = 1 \\\\ x - y = 3 \\end{cases}", "{ x + y = 1\n{ x − y = 3"],
    ["\\begin{aligned} a &= b + c \\\\ &= d \\end{aligned}", "a = b + c\n= d"],
    ["\n\\begin{align*}\nx^2 - 1 &= (x-1)(x+1) \\\\\n&= 0\n\\end{align*}\n", "x² − 1 = (x−1)(x+1)\n= 0"],
    ["\\begin{gather*} x = 1 \\\\ y = 2 \\end{gather*}", "x = 1\ny = 2"],
    // A line break outside an environment is a line break too.
    ["a = 1 \\\\ b = 2", "a = 1\nb = 2"],
  ])("%j → %j", (tex, text) => {
    expect(texToUnicode(tex)).toBe(text);
  });

  it.each([
    ["an environment closed by another", "\\begin{pmatrix} a & b \\\\ c & d \\end{bmatrix}"],
    ["an unclosed one", "\\begin{pmatrix} a & b"],
    ["one it does not know", "\\begin{tabular}{cc} a & b \\end{tabular}"],
    ["a cell outside any", "a & b"],
  ])("leaves %s to the page", (_, tex) => {
    expect(texToUnicode(tex)).toBeNull();
  });

  it("keeps its lines in a chat message, needing no link to the page", () => {
    const cases = "$$|x| = \\begin{cases} x & x \\ge 0 \\\\ -x & x < 0 \\end{cases}$$";
    expect(telegramHtml(cases)).toEqual({ blocks: ["|x| =\n{ x, x ≥ 0\n{ −x, x &lt; 0"], complexMath: false });
  });
});
