// Simple TeX reads as Unicode in a chat; anything beyond it is left to the page (null).
import { describe, expect, it } from "vitest";
import { texToUnicode } from "../../src/platforms/tex-unicode";

describe("TeX as Unicode", () => {
  it.each([
    ["x^2 + \\frac{1}{2}", "x² + 1/2"],
    ["\\frac{d}{dx}x^2 = 2x", "d/dx x² = 2x"],
    ["(x^n)' = n x^{n-1}", "(xⁿ)′ = n xⁿ⁻¹"],
    ["\\sqrt{2} \\approx 1.41", "√2 ≈ 1.41"],
    ["\\frac{a+b}{c}", "(a+b)/c"],
    ["\\alpha \\cdot \\beta \\le \\pi", "α·β ≤ π"],
    ["\\int_0^1 x\\,dx", "∫₀¹ x dx"],
    ["\\text{if } x > 0", "if x > 0"],
    ["\\sin x", "sin x"],
    // A cube or fourth root has its own sign, grouped as \sqrt's argument is.
    ["\\sqrt[3]{8} = 2", "∛8 = 2"],
    ["\\sqrt [4]{x+1}", "∜(x+1)"],
    // Math fonts hold math: their subscripts are converted, where \text's braces are copied.
    ["\\mathrm{H_2O}", "H₂O"],
    ["\\mathbf{v_1} + \\operatorname{tr}(A^T)", "v₁ + tr(Aᵀ)"],
    // School math's usual forms (audit R4 F1): each read as TeX source in the chats before.
    ["\\lim_{h \\to 0} \\frac{f(x+h) - f(x)}{h}", "lim_(h→0) (f(x+h) − f(x))/h"],
    ["\\lim_{x\\to\\infty} \\frac{1}{x} = 0", "lim_(x→∞) 1/x = 0"],
    // π has no superscript form, so both bounds are linear (never ∫₀^π, half in script characters).
    ["\\int_0^{\\pi} \\sin x \\, dx = 2", "∫_0^π sin x dx = 2"],
    ["\\sum_{i=1}^{n} i", "∑ᵢ₌₁ⁿ i"],
    ["90^\\circ", "90°"],
    ["\\angle ABC = 45^{\\circ}", "∠ABC = 45°"],
    ["\\triangle ABC \\cong \\triangle DEF", "△ABC ≅ △DEF"],
    ["\\bar x = \\frac{1}{n}\\sum x_i", "x̄ = 1/n ∑xᵢ"],
    ["\\hat{p} = 0.4", "p̂ = 0.4"],
    ["\\vec{v} \\perp \\vec w", "v⃗ ⊥ w⃗"],
    ["\\overline{AB} \\parallel \\overline{CD}", "A̅B̅ ∥ C̅D̅"],
    ["x \\in \\mathbb{R}, n \\in \\mathbb N", "x ∈ ℝ, n ∈ ℕ"],
    ["\\binom{n}{k} = \\binom{5}{2}", "C(n, k) = C(5, 2)"],
    ["x \\gt 3 \\text{ and } y \\lt 1", "x > 3 and y < 1"],
    // A script sits on its function's name.
    ["\\log_2 8 = 3", "log₂ 8 = 3"],
    ["\\sin^2 x + \\cos^2 x = 1", "sin² x + cos² x = 1"],
  ])("%s → %s", (tex, unicode) => {
    expect(texToUnicode(tex)).toBe(unicode);
  });

  it.each([
    "\\begin{pmatrix}1&2\\end{bmatrix}",
    "\\begin{tabular}{cc} a & b \\end{tabular}",
    "a & b",
    "\\frac{1}{",
    "\\unknowncommand x",
    "\\sqrt[p+q]{x}",
    "\\sqrt[3{8}",
    "x^2^3",
    // A letter style with no such letter, a struck-out expression, colour.
    "\\mathbb{k}",
    "\\cancel{a+b}",
    "\\color{red}{x}",
    // A name every object has is no command: this was "xfunction Object() { [native code] }".
    "\\constructor x",
    "\\hasOwnProperty{x}",
  ])("leaves %s to the page", (tex) => {
    expect(texToUnicode(tex)).toBeNull();
  });
});
