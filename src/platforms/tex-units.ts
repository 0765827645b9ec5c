// mhchem's `\pu{…}`, a quantity and its unit, as chat text, read as the page's mhchem reads it: the number as
// written (a minus as −) with its power of ten as mhchem writes it, `1.2e3` → 1.2·10³, `1.2E3` or `1.2x10^3` →
// 1.2×10³, `1.2*10^3` → 1.2·10³, `10^-3` → 10⁻³; then the unit, its symbols' powers as superscripts (`s^2`, `s2` →
// s², `mol-1` → mol⁻¹), `*` or `.` between symbols → ·, `/` and spaces as written: `\pu{123 kJ/mol}` →
// 123 kJ/mol, `\pu{8.314 J K-1 mol-1}` → 8.314 J K⁻¹ mol⁻¹. Anything else (`//`'s fraction, commands such as `\mu`)
// answers null: the caller leaves the formula to the page. One pass, a piece at a time.
import { superscript } from "./tex-symbols";

/**
 * One piece: a power, of ten (`e3`, `E3`, ` x 10^3`, `*10^3`) or of what it follows (`^3`, and right after a unit
 * symbol `s2`, `mol-1`); a number; a unit symbol; a space; `*` or `.`; a `/` (not `//`).
 */
const PIECE = /(e|E|\s*[x*]\s*10\^|\^|(?<=[\p{L}°%]))(?:\{([+-]?\d+)\}|([+-]?\d+))|([+-]?\d+(?:[.,]\d+)?)|[\p{L}°%]+|\s+|[*.]|\/(?!\/)/uy;

/** `\pu`'s argument, its `{` at `at`, as Unicode with the index after its `}`, or null when it is beyond the subset. */
export function units(tex: string, at: number): { text: string; end: number } | null {
  if (tex[at] !== "{") return null;
  let text = "";
  for (at++; tex[at] !== "}"; at = PIECE.lastIndex) {
    PIECE.lastIndex = at;
    const m = PIECE.exec(tex);
    if (!m) return null;
    text +=
      m[1] !== undefined
        ? (/[Ex]/.test(m[1]) ? "×10" : /[e*]/.test(m[1]) ? "·10" : "") + superscript(m[2] ?? m[3])
        : (m[4]?.replace("-", "−") ?? (m[0].trim() ? m[0].replace(/[*.]/, "·") : " "));
  }
  text = text.trim();
  return text ? { text, end: at + 1 } : null;
}
