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
  ])("%s → %s", (tex, unicode) => {
    expect(texToUnicode(tex)).toBe(unicode);
  });

  it.each([
    "\\begin{pmatrix}1&2\\end{pmatrix}",
    "e^{i\\pi}",
    "\\lim_{h \\to 0} f(h)",
    "\\frac{1}{",
    "\\unknowncommand x",
    "x^{\\alpha}",
    "\\sqrt[n]{x}",
    "\\sqrt[5]{32}",
    "\\sqrt[3{8}",
  ])("leaves %s to the page", (tex) => {
    expect(texToUnicode(tex)).toBeNull();
  });
});
