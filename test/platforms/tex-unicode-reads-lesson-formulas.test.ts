// Formulas of school and university lessons (calculus, algebra, geometry, physics, chemistry, statistics) as a
// chat shows them (audit R5). Before, 14 of these 47 came out as TeX source and 16 read wrong: a space on one
// side of an operator only (`a⃗ ·b⃗`, `3 ×10⁻³`, `A ∪B`, `α+ β= π`), one inside a bracket (`(a/b )`, `| x |`),
// a function's name apart from its parenthesis (`cos (ωt + φ)`), `\left.` as a dot, and a fraction's
// one-term parts in parentheses (`(∂u)/(∂t)`, `(P(A ∩B))/(P(B))`).
import { describe, expect, it } from "vitest";
import { texToUnicode } from "../../src/platforms/tex-unicode";

describe("lesson formulas in a chat", () => {
  it.each([
    // Calculus
    ["\\frac{d^2y}{dx^2}", "d²y/dx²"],
    ["\\int_0^1 f(x)\\,dx", "∫₀¹ f(x) dx"],
    ["\\int_0^1 x \\mathrm{d}x", "∫₀¹ x dx"],
    ["\\lim_{n\\to\\infty}\\left(1+\\frac{1}{n}\\right)^n = e", "lim_(n→∞) (1+1/n)ⁿ = e"],
    ["\\frac{\\partial u}{\\partial t} = \\nabla^2 u", "∂u/∂t = ∇² u"],
    ["\\left. \\frac{dy}{dx} \\right|_{x=0}", "dy/dx|ₓ₌₀"],
    ["\\lim_{x \\to 0^+} \\ln x = -\\infty", "lim_(x→0⁺) ln x = −∞"],
    ["\\oint_C \\vec{F} \\cdot d\\vec{r}", "∮_C F⃗·dr⃗"],
    ["\\cfrac{1}{1+\\cfrac{1}{x}}", "1/(1+1/x)"],
    // Algebra and geometry
    ["x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}", "x = (−b ± √(b² − 4ac))/2a"],
    ["\\sqrt[3]{x} + \\sqrt[n]{y}", "∛x + ⁿ√y"],
    ["\\left(\\frac{a}{b}\\right)^2", "(a/b)²"],
    ["\\dfrac{1}{2} + \\tfrac{3}{4}", "1/2 + 3/4"],
    ["{n \\choose k} = \\binom{n}{n-k}", "C(n, k) = C(n, n−k)"],
    ["\\lfloor x \\rfloor \\le x \\le \\lceil x \\rceil", "⌊x⌋ ≤ x ≤ ⌈x⌉"],
    ["\\langle u, v \\rangle = \\|u\\| \\|v\\| \\cos\\theta", "⟨u, v⟩ = ‖u‖ ‖v‖ cos θ"],
    ["\\left| x \\right| \\ge 0", "|x| ≥ 0"],
    ["a \\not= b, x \\not\\in A", "a ≠ b, x ∉ A"],
    ["\\gcd(a, b) \\cdot \\operatorname{lcm}(a, b) = ab", "gcd(a, b)·lcm(a, b) = ab"],
    ["\\arcsin x + \\arccos x = \\frac{\\pi}{2}", "arcsin x + arccos x = π/2"],
    ["\\angle A + \\angle B = 90^\\circ", "∠A + ∠B = 90°"],
    ["AB \\parallel CD, AB \\perp EF", "AB ∥ CD, AB ⊥ EF"],
    ["f \\circ g", "f ∘ g"],
    ["A \\cup B \\subseteq U", "A ∪ B ⊆ U"],
    ["\\{x \\in \\mathbb{R} : x > 0\\}", "{x ∈ ℝ : x > 0}"],
    ["x \\to \\pm\\infty", "x → ±∞"],
    ["\\alpha + \\beta = \\pi", "α + β = π"],
    // Physics
    ["3 \\times 10^{-3}\\,\\text{m/s}", "3 × 10⁻³ m/s"],
    ["9.8\\,\\mathrm{m/s^2}", "9.8 m/s²"],
    ["\\Delta x \\cdot \\Delta p \\ge \\frac{\\hbar}{2}", "Δx·Δp ≥ ℏ/2"],
    ["E = \\hbar \\omega", "E = ℏω"],
    ["F = G\\frac{m_1 m_2}{r^2}", "F = G(m₁ m₂)/r²"],
    ["\\vec{a} \\cdot \\vec{b} = |\\vec{a}||\\vec{b}|\\cos\\theta", "a⃗·b⃗ = |a⃗||b⃗|cos θ"],
    ["\\mathbf{v} \\times \\mathbf{w}", "v × w"],
    ["\\cos(\\omega t + \\varphi)", "cos(ωt + φ)"],
    // Chemistry
    ["2\\mathrm{H_2} + \\mathrm{O_2} \\rightarrow 2\\mathrm{H_2O}", "2H₂ + O₂ → 2H₂O"],
    ["\\mathrm{SO_4^{2-}}, \\mathrm{Fe^{3+}}", "SO₄²⁻, Fe³⁺"],
    ["\\mathrm{N_2 + 3H_2 \\rightleftharpoons 2NH_3}", "N₂ + 3H₂ ⇌ 2NH₃"],
    ["pH = -\\log[H^+] = 7", "pH = −log[H⁺] = 7"],
    ["50\\%", "50%"],
    // Statistics
    ["H_0: \\mu = \\mu_0", "H₀: μ = μ₀"],
    ["\\bar{X} \\sim \\mathcal{N}(\\mu, \\frac{\\sigma^2}{n})", "X̄ ∼ 𝒩(μ, σ²/n)"],
    ["\\mathbb{E}[X] = \\sum_{i} x_i p_i", "𝔼[X] = ∑ᵢ xᵢ pᵢ"],
    ["P(A \\mid B) = \\frac{P(A \\cap B)}{P(B)}", "P(A ∣ B) = P(A ∩ B)/P(B)"],
    ["s^2 = \\frac{1}{n-1}\\sum (x_i - \\bar{x})^2", "s² = 1/(n−1) ∑(xᵢ − x̄)²"],
    ["\\hat{\\beta}_1 \\approx 0.5", "β̂₁ ≈ 0.5"],
    ["\\chi^2", "χ²"],
  ])("%s → %s", (tex, unicode) => {
    expect(texToUnicode(tex)).toBe(unicode);
  });
});
