// An arrow with text over or under it, as one line of chat text: `\xrightarrow{\Delta}`, `\overset{\Delta}{\to}`
// and mhchem's `->[\Delta]` → —Δ→. A line cannot stack the text on the arrow, so it sits in the arrow's shaft
// (a dash, the text, the head; `←Δ—` for an arrow to the left), the text under the arrow after the text over it
// and a comma (`->[H2SO4][\Delta]` → —H₂SO₄, Δ→), in parentheses when it holds more than words, numbers and
// formulas (`\xrightarrow{n \to \infty}` → —(n → ∞)→), spaced as a relation.

/** The arrows a text can sit in (those tex-symbols.ts has: → ← ↔ ⇌ ⇒ ⇐ ⇔). */
export const ARROWS = /^[←-⇿]$/;

/** What does not read plainly in the shaft: anything but words, numbers, formulas and units. */
const UNPLAIN = /[^\p{L}\p{M}\p{N}\s,.()°′⁺⁻]/u;

/** `arrow` with the texts over and under it (either may be empty), spaced on both sides. */
export function labelledArrow(arrow: string, over: string, under = ""): string {
  const label = [over, under]
    .map((text) => text.replace(/[\s\u0004\u0005]+/g, " ").trim())
    .filter((text) => text)
    .join(", ");
  if (!label) return ` ${arrow} `;
  const shown = UNPLAIN.test(label) ? `(${label})` : label;
  return /[←⇐]/.test(arrow) ? ` ${arrow}${shown}— ` : ` —${shown}${arrow} `;
}
