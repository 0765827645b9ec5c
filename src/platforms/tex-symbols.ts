// The tables tex-unicode.ts reads TeX with: each command's Unicode symbol, the characters that have a sub- or
// superscript form, how accents and letter styles are written, and which symbols TeX spaces as relations or
// binary operators.

/** Greek letters by their place in Unicode's alphabet (ς, varsigma, before σ); capitals 32 before. */
const GREEK = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho varsigma sigma tau upsilon phi chi psi omega";

/** Each command and its symbol, the symbol last: `cdot·`. */
const SYMBOL_LIST =
  "varepsilonε varphiφ hbarℏ ellℓ cdot· times× div÷ pm± mp∓ " +
  "le≤ leq≤ ge≥ geq≥ ne≠ neq≠ approx≈ equiv≡ sim∼ propto∝ infty∞ to→ rightarrow→ " +
  "leftarrow← leftrightarrow↔ rightleftharpoons⇌ Rightarrow⇒ Leftarrow⇐ " +
  "Leftrightarrow⇔ iff⇔ implies⇒ in∈ notin∉ subset⊂ " +
  "subseteq⊆ cup∪ cap∩ emptyset∅ forall∀ exists∃ " +
  "partial∂ nabla∇ sum∑ prod∏ int∫ oint∮ angle∠ triangle△ perp⊥ parallel∥ cong≅ gt> lt< therefore∴ " +
  "setminus∖ Rℝ Nℕ Zℤ Qℚ ldots… cdots⋯ dots… vdots⋮ circ∘ degree° prime′ neg¬ land∧ " +
  "lor∨ mid∣ |‖ langle⟨ rangle⟩ lfloor⌊ rfloor⌋ lceil⌈ rceil⌉ lvert| rvert| vert| lVert‖ " +
  "rVert‖ Vert‖";
/** Functions written as their names: `\sin x` → sin x. */
const FUNCTIONS = "ln log exp sin cos tan cot sec csc arcsin arccos arctan lim max min sup inf det gcd";

/** Read with Object.hasOwn (own() in tex-unicode.ts): `\constructor` is no symbol. */
export const SYMBOLS: Record<string, string> = { quad: " ", qquad: "  ", ",": " ", ";": " ", ":": " ", " ": " ", "!": "" };
GREEK.split(" ").forEach((name, i) => {
  SYMBOLS[name] = String.fromCharCode(0x3b1 + i);
  // No capital varsigma.
  if (!name.startsWith("var")) SYMBOLS[name[0]!.toUpperCase() + name.slice(1)] = String.fromCharCode(0x391 + i);
});
for (const entry of SYMBOL_LIST.split(" ")) SYMBOLS[entry.slice(0, -1)] = entry.slice(-1);
for (const name of FUNCTIONS.split(" ")) SYMBOLS[name] = name;
// Escaped characters stand for themselves.
for (const c of "{}%$#&_") SYMBOLS[c] = c;

/** `pairs` (a character, then what it is written as) as a table. */
const table = (pairs: string) => Object.fromEntries([...pairs].flatMap((c, i, all) => (i % 2 ? [] : [[c, all[i + 1]!]])));

export const SUPERSCRIPT = table("−⁻nⁿiⁱxˣyʸkᵏTᵀ′′∘°");
export const SUBSCRIPT = table("−₋aₐeₑhₕiᵢjⱼkₖlₗmₘnₙoₒpₚrᵣsₛtₜuᵤvᵥxₓ");
// Digits, + - = ( ) in Unicode's order from ⁰ and ₀ (¹²³ are Latin-1's).
[..."0123456789+-=()"].forEach((c, i) => {
  SUPERSCRIPT[c] = i > 0 && i < 4 ? "¹²³"[i - 1]! : String.fromCharCode(0x2070 + i);
  SUBSCRIPT[c] = String.fromCharCode(0x2080 + i);
});

/** Digits and signs in script characters (chemistry's counts and charges, units' powers). */
export const subscript = (s = "") => s.replace(/./g, (c) => SUBSCRIPT[c]!);
export const superscript = (s = "") => s.replace(/./g, (c) => SUPERSCRIPT[c]!);

/**
 * Relations and binary operators, read with a space on each side as TeX sets them; a sign after a relation or an
 * opening is not spaced as an operator (`= ±3`, tex-unicode.ts).
 */
export const SPACED = /^[=<>≅⊥∥≤≥≠≈≡∼∝→←↔⇌⇒⇐⇔∈∉⊂⊆∣×÷±∓∪∩∘∖∧∨]$/;

/** Accents as the combining mark after each letter they cover (`\hat p` → p̂, `\overline{AB}` → A̅B̅). */
export const ACCENTS: Record<string, string> = {
  bar: "\u0304",
  overline: "\u0305",
  hat: "\u0302",
  widehat: "\u0302",
  tilde: "\u0303",
  widetilde: "\u0303",
  dot: "\u0307",
  ddot: "\u0308",
  underline: "\u0332",
  // An arrow over one letter; over several it would read as one arrow per letter: vec(AB) then.
  vec: "\u20d7",
  overrightarrow: "\u20d7",
};

/**
 * A letter style's capitals: the first of Unicode's mathematical alphabet and the letters the Letterlike Symbols
 * block holds instead (that alphabet leaves their places empty).
 */
export const LETTER_STYLES: Record<string, [number, string]> = {
  mathbb: [0x1d538, "CℂHℍNℕPℙQℚRℝZℤ"],
  mathcal: [0x1d49c, "BℬEℰFℱHℋIℐLℒMℳRℛ"],
};
