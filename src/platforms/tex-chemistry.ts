// mhchem's `\ce{…}` as plain Unicode for chats, the subset school chemistry writes, read as mhchem reads it (the
// page renders `\ce` with KaTeX's mhchem): a count after an element or a bracket is a subscript (`H2O` → H₂O), a
// leading one a coefficient (`2H2O` → 2H₂O); a charge with `^` or at a species' end is a superscript (`SO4^2-`,
// `Fe^{3+}`, `Na+` → SO₄²⁻, Fe³⁺, Na⁺); `^{14}C` → ¹⁴C; `*` or `.` in a hydrate → ·; the states (s), (l), (g),
// (aq) stay as written; `->`, `<-`, `<=>`, `<->` and `+` stand between species, and `^` (a gas) or `v` (a
// precipitate) after one → ↑, ↓. Anything else (arrows with text, bonds, oxidation states, `\pu`) is left
// to the page: the caller shows the source. One pass with sticky patterns, no backtracking over the text.
import { SUBSCRIPT, SUPERSCRIPT } from "./tex-symbols";

/** Digits and signs in script characters. */
const subscript = (digits = "") => digits.replace(/./g, (c) => SUBSCRIPT[c]!);
const superscript = (s = "") => s.replace(/./g, (c) => SUPERSCRIPT[c]!);

/** Between species: a reaction arrow or a plus; after one: a gas's ↑ or a precipitate's ↓. Each stands alone. */
const SIGNS: Record<string, string> = { "->": " → ", "<-": " ← ", "<=>": " ⇌ ", "<->": " ↔ ", "+": " + ", "^": "↑", v: "↓" };
const SIGN = /(<=>|<->|->|<-|\+|\^|v)(?=[\s}])/y;
const COEFFICIENT = /\d*/y;
const ISOTOPE = /\^\{(\d+)\}(?:_\{(\d+)\})?(?=[A-Z])/y;
const ELEMENT = /([A-Z][a-z]?)(\d*)/y;
const OPEN = /\((?=[A-Z(])/y;
const CLOSE = /\)(\d*)/y;
const DOT = /[*.](\d*)(?=[A-Z(])/y;
const CHARGE = /\^(?:\{(\d*[+-])\}|(\d*[+-]))(?=[\s}(])|([+-])(?=[\s}(])/y;
const STATE = /\((?:s|l|g|aq)\)(?=[\s}])/y;

const match = (re: RegExp, tex: string, at: number) => {
  re.lastIndex = at;
  return re.exec(tex);
};

/** One species at `at` (`2H2O(l)`, `SO4^2-`, `CuSO4*5H2O`), to the space or brace after it, or null. */
function species(tex: string, at: number): { text: string; end: number } | null {
  let text = match(COEFFICIENT, tex, at)![0];
  at += text.length;
  const isotope = match(ISOTOPE, tex, at);
  if (isotope) {
    text += superscript(isotope[1]) + subscript(isotope[2]);
    at = ISOTOPE.lastIndex;
  }
  let open = 0;
  let elements = 0;
  // After a charge only a state may follow, after a state nothing.
  let ended = false;
  while (!/[\s}]/.test(tex[at] ?? "}")) {
    let m: RegExpExecArray | null;
    if (!ended && (m = match(ELEMENT, tex, at))) {
      text += m[1] + subscript(m[2]);
      elements++;
    } else if (!ended && (m = match(OPEN, tex, at))) {
      text += "(";
      open++;
    } else if (!ended && open > 0 && (m = match(CLOSE, tex, at))) {
      text += ")" + subscript(m[1]);
      open--;
    } else if (!ended && elements > 0 && (m = match(DOT, tex, at))) {
      text += "·" + m[1];
    } else if (!ended && (m = match(CHARGE, tex, at))) {
      text += superscript(m[1] ?? m[2] ?? m[3]);
      ended = true;
    } else if ((m = match(STATE, tex, at))) {
      text += m[0];
      ended = true;
    } else return null;
    at += m[0].length;
  }
  return open === 0 && elements > 0 ? { text, end: at } : null;
}

/** `\ce`'s argument, its `{` at `at`, as Unicode with the index after its `}`, or null when it is beyond the subset. */
export function chemistry(tex: string, at: number): { text: string; end: number } | null {
  if (tex[at] !== "{") return null;
  let text = "";
  // Species and signs alternate, a species first and last; one ↑ or ↓ may follow a species.
  let wantSpecies = true;
  let marked = false;
  at++;
  for (;;) {
    while (/\s/.test(tex[at] ?? "")) at++;
    if (tex[at] === "}") return wantSpecies ? null : { text, end: at + 1 };
    if (wantSpecies) {
      const read = species(tex, at);
      if (!read) return null;
      text += read.text;
      at = read.end;
      wantSpecies = marked = false;
    } else {
      const sign = match(SIGN, tex, at)?.[1];
      if (sign === undefined) return null;
      const mark = sign === "^" || sign === "v";
      if (mark && marked) return null;
      text += SIGNS[sign];
      at += sign.length;
      wantSpecies = !mark;
      marked = mark;
    }
  }
}
