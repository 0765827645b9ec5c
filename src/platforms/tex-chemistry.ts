// mhchem's `\ce{…}` as plain Unicode for chats, the subset school chemistry writes, read as mhchem reads it (the
// page renders `\ce` with KaTeX's mhchem): a count after an element or a bracket is a subscript (`H2O` → H₂O), a
// leading one a coefficient (`2H2O` → 2H₂O); a charge with `^` or at a species' end is a superscript (`SO4^2-`,
// `Fe^{3+}`, `Na+` → SO₄²⁻, Fe³⁺, Na⁺); `^{14}C` → ¹⁴C; `*` or `.` in a hydrate → ·; the states (s), (l), (g),
// (aq) stay as written; `->`, `<-`, `<=>`, `<->` and `+` stand between species, and `^` (a gas) or `v` (a
// precipitate) after one → ↑, ↓; an arrow's text over and under it, `[…]` each, is read as mhchem reads it (a
// formula, a word, a number, `\Delta`, `{text}`) and written in the arrow (tex-arrows.ts: `->[H2O][heat]` →
// —H₂O, heat→); an electron `e-` → e⁻; a complex's brackets as written (`[Cu(NH3)4]^2+` → [Cu(NH₃)₄]²⁺).
// Anything else (bonds, oxidation states, math in `$…$`) is left to the page: the caller shows the source. One
// pass with sticky patterns, no backtracking over the text.
import { labelledArrow } from "./tex-arrows";
import { SYMBOLS, subscript, superscript } from "./tex-symbols";

/** Between species: a reaction arrow or a plus; after one: a gas's ↑ or a precipitate's ↓. Each stands alone. */
const SIGNS: Record<string, string> = { "->": " → ", "<-": " ← ", "<=>": " ⇌ ", "<->": " ↔ ", "+": " + ", "^": "↑", v: "↓" };
const SIGN = /(<=>|<->|->|<-)(?=[\s}[])|(\+|\^|v)(?=[\s}])/y;
const COEFFICIENT = /\d*/y;
const ISOTOPE = /\^\{(\d+)\}(?:_\{(\d+)\})?(?=[A-Z])/y;
const ELEMENT = /([A-Z][a-z]?)(\d*)/y;
const ELECTRON = /e(?=\^?-)/y;
const OPEN = /[([](?=[A-Z([])/y;
const CLOSE = /[)\]](\d*)/y;
const DOT = /[*.](\d*)(?=[A-Z(])/y;
const CHARGE = /\^(?:\{(\d*[+-])\}|(\d*[+-]))(?=[\s}(\],])|([+-])(?=[\s}(\],])/y;
const STATE = /\((?:s|l|g|aq)\)(?=[\s}\],])/y;
/** In an arrow's text: a word or number, `{text}`, a comma or spaces as written, a command's symbol (`\Delta`). */
const LABEL_WORD = /[a-z]+|\d+(?:\.\d+)?|\{([^{}\\]*)\}|\\([A-Za-z]+)|,|\s+/y;

const match = (re: RegExp, tex: string, at: number) => {
  re.lastIndex = at;
  return re.exec(tex);
};

/**
 * One species at `at` (`2H2O(l)`, `SO4^2-`, `CuSO4*5H2O`), to what `ends` it (a space or brace; in an arrow's
 * text also `]` or `,`), or null.
 */
function species(tex: string, at: number, ends = /[\s}]/): { text: string; end: number } | null {
  let text = match(COEFFICIENT, tex, at)![0];
  at += text.length;
  const isotope = match(ISOTOPE, tex, at);
  if (isotope) {
    text += superscript(isotope[1]) + subscript(isotope[2]);
    at = ISOTOPE.lastIndex;
  }
  // The brackets open here, innermost last: `(` or `[`.
  const open: string[] = [];
  let elements = 0;
  // After a charge only a state may follow, after a state nothing.
  let ended = false;
  while (!ends.test(tex[at] ?? "}") || (tex[at] === "]" && open.at(-1) === "[")) {
    let m: RegExpExecArray | null;
    if (!ended && (m = match(ELEMENT, tex, at))) {
      text += m[1] + subscript(m[2]);
      elements++;
    } else if (!ended && !elements && !open.length && (m = match(ELECTRON, tex, at))) {
      text += "e";
      elements++;
    } else if (!ended && (m = match(OPEN, tex, at))) {
      text += m[0];
      open.push(m[0]);
    } else if (!ended && (m = match(CLOSE, tex, at)) && open.pop() === (m[0][0] === ")" ? "(" : "[")) {
      text += m[0][0] + subscript(m[1]);
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
  return !open.length && elements > 0 ? { text, end: at } : null;
}

/** An arrow's text in `[…]` at `at` (mhchem reads it as `\ce`'s), or null. */
function label(tex: string, at: number): { text: string; end: number } | null {
  let text = "";
  at++;
  while (tex[at] !== "]") {
    const word = match(LABEL_WORD, tex, at);
    // A command is its symbol (own entries only: `\constructor` is none).
    const shown = word && (word[2] === undefined ? (word[1] ?? word[0]) : Object.hasOwn(SYMBOLS, word[2]) ? SYMBOLS[word[2]] : null);
    const read = word ? shown && { text: shown, end: LABEL_WORD.lastIndex } : species(tex, at, /[\s},\]]/);
    if (!read) return null;
    text += read.text;
    at = read.end;
  }
  return { text, end: at + 1 };
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
      const m = match(SIGN, tex, at);
      const sign = m?.[1] ?? m?.[2];
      if (sign === undefined) return null;
      const mark = sign === "^" || sign === "v";
      if (mark && marked) return null;
      at += sign.length;
      // An arrow's text over it and under it: `->[H2O][heat]`.
      const texts: string[] = [];
      while (m![1] && texts.length < 2 && tex[at] === "[") {
        const read = label(tex, at);
        if (!read) return null;
        texts.push(read.text);
        at = read.end;
      }
      text += texts.length ? labelledArrow(SIGNS[sign]!.trim(), texts[0]!, texts[1]) : SIGNS[sign];
      wantSpecies = !mark;
      marked = mark;
    }
  }
}
