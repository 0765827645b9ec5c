// Simple TeX as plain Unicode for chats, which cannot show MathML: `x^2 + \frac{1}{2}` → `x² + 1/2`,
// `\sqrt{2}` → `√2`, Greek letters and the common operators as their symbols, school math's accents
// (`\bar x` → x̄), sets (`\mathbb R` → ℝ), degrees (`90^\circ` → 90°), `\binom{n}{k}` → C(n, k), and a limit
// or sum whose bounds have no sub- or superscript form in Unicode's linear format (`\lim_{h\to0}` → lim_(h→0)).
// TeX beyond that (matrices, other exponents with no superscript form) answers null: the caller shows the
// source and links to the page, where KaTeX renders it.

const SYMBOLS: Record<string, string> = {
  alpha: "α",
  beta: "β",
  gamma: "γ",
  delta: "δ",
  epsilon: "ε",
  varepsilon: "ε",
  zeta: "ζ",
  eta: "η",
  theta: "θ",
  iota: "ι",
  kappa: "κ",
  lambda: "λ",
  mu: "μ",
  nu: "ν",
  xi: "ξ",
  pi: "π",
  rho: "ρ",
  sigma: "σ",
  tau: "τ",
  upsilon: "υ",
  phi: "φ",
  varphi: "φ",
  chi: "χ",
  psi: "ψ",
  omega: "ω",
  Gamma: "Γ",
  Delta: "Δ",
  Theta: "Θ",
  Lambda: "Λ",
  Xi: "Ξ",
  Pi: "Π",
  Sigma: "Σ",
  Phi: "Φ",
  Psi: "Ψ",
  Omega: "Ω",
  cdot: "·",
  times: "×",
  div: "÷",
  pm: "±",
  mp: "∓",
  le: "≤",
  leq: "≤",
  ge: "≥",
  geq: "≥",
  ne: "≠",
  neq: "≠",
  approx: "≈",
  equiv: "≡",
  sim: "∼",
  propto: "∝",
  infty: "∞",
  to: "→",
  rightarrow: "→",
  leftarrow: "←",
  Rightarrow: "⇒",
  Leftarrow: "⇐",
  Leftrightarrow: "⇔",
  iff: "⇔",
  implies: "⇒",
  in: "∈",
  notin: "∉",
  subset: "⊂",
  subseteq: "⊆",
  cup: "∪",
  cap: "∩",
  emptyset: "∅",
  forall: "∀",
  exists: "∃",
  partial: "∂",
  nabla: "∇",
  sum: "∑",
  prod: "∏",
  int: "∫",
  angle: "∠",
  triangle: "△",
  perp: "⊥",
  parallel: "∥",
  cong: "≅",
  gt: ">",
  lt: "<",
  therefore: "∴",
  setminus: "∖",
  R: "ℝ",
  N: "ℕ",
  Z: "ℤ",
  Q: "ℚ",
  ldots: "…",
  cdots: "⋯",
  dots: "…",
  circ: "∘",
  degree: "°",
  prime: "′",
  neg: "¬",
  land: "∧",
  lor: "∨",
  mid: "∣",
  ln: "ln",
  log: "log",
  exp: "exp",
  sin: "sin",
  cos: "cos",
  tan: "tan",
  lim: "lim",
  max: "max",
  min: "min",
  sup: "sup",
  inf: "inf",
  det: "det",
  quad: " ",
  qquad: "  ",
  ",": " ",
  ";": " ",
  ":": " ",
  "!": "",
  " ": " ",
  "{": "{",
  "}": "}",
  "%": "%",
  $: "$",
  "#": "#",
  "&": "&",
  _: "_",
  langle: "⟨",
  rangle: "⟩",
  lvert: "|",
  rvert: "|",
  vert: "|",
};
const SUPERSCRIPT: Record<string, string> = {
  "0": "⁰",
  "1": "¹",
  "2": "²",
  "3": "³",
  "4": "⁴",
  "5": "⁵",
  "6": "⁶",
  "7": "⁷",
  "8": "⁸",
  "9": "⁹",
  "+": "⁺",
  "-": "⁻",
  "−": "⁻",
  "=": "⁼",
  "(": "⁽",
  ")": "⁾",
  n: "ⁿ",
  i: "ⁱ",
  x: "ˣ",
  y: "ʸ",
  k: "ᵏ",
  T: "ᵀ",
  "′": "′",
  // `^\circ` is a degree sign.
  "∘": "°",
};
const SUBSCRIPT: Record<string, string> = {
  "0": "₀",
  "1": "₁",
  "2": "₂",
  "3": "₃",
  "4": "₄",
  "5": "₅",
  "6": "₆",
  "7": "₇",
  "8": "₈",
  "9": "₉",
  "+": "₊",
  "-": "₋",
  "−": "₋",
  "=": "₌",
  "(": "₍",
  ")": "₎",
  a: "ₐ",
  e: "ₑ",
  h: "ₕ",
  i: "ᵢ",
  j: "ⱼ",
  k: "ₖ",
  l: "ₗ",
  m: "ₘ",
  n: "ₙ",
  o: "ₒ",
  p: "ₚ",
  r: "ᵣ",
  s: "ₛ",
  t: "ₜ",
  u: "ᵤ",
  v: "ᵥ",
  x: "ₓ",
};
/** Relations read with a space on each side, as TeX sets them. */
const RELATIONS = new Set([">", "<", "≅", "⊥", "∥", "≤", "≥", "≠", "≈", "≡", "∼", "∝", "→", "←", "⇒", "⇐", "⇔", "∈", "∉", "⊂", "⊆", "∣"]);
/** Commands whose braces are text: `\text{if }` → `if `. */
const TEXT_COMMANDS = new Set(["text", "textbf", "textit"]);
/** Font commands whose argument is still math, so it is converted: `\mathrm{H_2O}` → `H₂O`. */
const MATH_FONTS = new Set(["mathrm", "mathit", "mathbf", "mathsf", "mathtt", "operatorname"]);
/** The roots Unicode has a sign for, by `\sqrt[…]`'s index; any other index needs the page. */
const ROOTS = new Map([
  ["3", "∛"],
  ["4", "∜"],
]);
/** Accents as the combining mark after their letter (`\hat p` → p̂); an overline marks each letter of its group. */
const ACCENTS: Record<string, string> = {
  bar: "\u0304",
  hat: "\u0302",
  widehat: "\u0302",
  tilde: "\u0303",
  vec: "\u20d7",
  dot: "\u0307",
  ddot: "\u0308",
  overline: "\u0305",
};
const DOUBLE_STRUCK: Record<string, string> = { N: "ℕ", Z: "ℤ", Q: "ℚ", R: "ℝ", C: "ℂ", P: "ℙ", H: "ℍ" };
/** What a bound with no sub- or superscript form may follow, written `lim_(h→0)` as Unicode's linear format does. */
const BOUNDED = /(?:lim|max|min|sup|inf|[∑∏∫])$/;
/** Commands that only size or space what follows. */
const IGNORED = new Set(["left", "right", "big", "Big", "bigl", "bigr", "displaystyle", "limits"]);

class Unrenderable extends Error {}

/** Reads one TeX group at `at`: a `{…}` group, a `\command`, or one character. */
function group(tex: string, at: number): { text: string; end: number } {
  if (tex[at] === "{") {
    let depth = 0;
    for (let i = at; i < tex.length; i++) {
      if (tex[i] === "{") depth++;
      else if (tex[i] === "}" && --depth === 0) return { text: convert(tex.slice(at + 1, i)), end: i + 1 };
    }
    throw new Unrenderable();
  }
  if (tex[at] === "\\") return command(tex, at);
  if (at >= tex.length) throw new Unrenderable();
  return { text: tex[at]!, end: at + 1 };
}

/** Wraps a fraction's part in parentheses when it is more than one symbol. */
const operand = (s: string) => (/^[\p{L}\p{N}.′]+$/u.test(s) ? s : `(${s})`);

function script(text: string, table: Record<string, string>): string {
  const chars = [...text];
  if (!chars.every((c) => table[c] !== undefined)) throw new Unrenderable();
  return chars.map((c) => table[c]).join("");
}

function command(tex: string, at: number): { text: string; end: number } {
  const name = /^\\([A-Za-z]+|.)/.exec(tex.slice(at))?.[1];
  if (name === undefined) throw new Unrenderable();
  let end = at + 1 + name.length;
  if (IGNORED.has(name)) return { text: "", end };
  if (/^[dt]?(frac|binom)$/.test(name)) {
    const num = group(tex, skipSpace(tex, end));
    const den = group(tex, skipSpace(tex, num.end));
    if (name.endsWith("binom")) return { text: `C(${num.text}, ${den.text})`, end: den.end };
    // A space after it, so `\frac{d}{dx}x` reads "d/dx x".
    return { text: `${operand(num.text)}/${operand(den.text)} `, end: den.end };
  }
  const accent = ACCENTS[name];
  if (accent || name === "mathbb") {
    const arg = group(tex, skipSpace(tex, end));
    const letters = [...arg.text];
    const text = accent ? letters.map((c) => c + accent).join("") : DOUBLE_STRUCK[arg.text];
    if (text === undefined || (letters.length !== 1 && name !== "overline")) throw new Unrenderable();
    return { text, end: arg.end };
  }
  if (name === "sqrt") {
    let root: string | undefined = "√";
    let radicand = skipSpace(tex, end);
    if (tex[radicand] === "[") {
      const close = tex.indexOf("]", radicand);
      root = close < 0 ? undefined : ROOTS.get(tex.slice(radicand + 1, close).trim());
      if (root === undefined) throw new Unrenderable();
      radicand = skipSpace(tex, close + 1);
    }
    const arg = group(tex, radicand);
    return { text: `${root}${operand(arg.text)}`, end: arg.end };
  }
  if (MATH_FONTS.has(name)) return group(tex, skipSpace(tex, end));
  if (TEXT_COMMANDS.has(name)) {
    const close = tex.indexOf("}", end);
    if (tex[skipSpace(tex, end)] !== "{" || close < 0) throw new Unrenderable();
    return { text: tex.slice(skipSpace(tex, end) + 1, close), end: close + 1 };
  }
  const symbol = SYMBOLS[name];
  if (symbol === undefined) throw new Unrenderable();
  // A word command ends at the next non-letter; the space after it is TeX's, not the text's.
  if (/^[A-Za-z]/.test(name)) end = skipSpace(tex, end);
  return { text: RELATIONS.has(symbol) ? ` ${symbol} ` : /^[a-z]{2,}$/.test(symbol) ? `${symbol} ` : symbol, end };
}

const skipSpace = (tex: string, at: number) => {
  while (tex[at] === " ") at++;
  return at;
};

function convert(tex: string): string {
  let out = "";
  let at = 0;
  // Just after lim, ∑, ∫… (and their bounds so far): a bound with no Unicode form is written linearly.
  let bounded = false;
  while (at < tex.length) {
    const c = tex[at]!;
    if (c === "^" || c === "_") {
      const arg = group(tex, skipSpace(tex, at + 1));
      // A script sits on what it follows: `\log_2 8` → "log₂ 8".
      out = out.trimEnd();
      try {
        out += script(arg.text, c === "^" ? SUPERSCRIPT : SUBSCRIPT);
      } catch (e) {
        if (!bounded) throw e;
        out += `${c}(${arg.text.replace(/\s+/g, "")}) `;
      }
      at = arg.end;
    } else if (c === "{" || c === "\\") {
      const g = group(tex, at);
      out += g.text;
      bounded = BOUNDED.test(out.trimEnd());
      at = g.end;
    } else if (c === "&" || c === "}") throw new Unrenderable();
    else {
      out += c === "-" ? "−" : c === "'" ? "′" : c;
      bounded &&= c === " ";
      at++;
    }
  }
  return out;
}

/** `tex` as plain Unicode, or null when it needs a real renderer. */
export function texToUnicode(tex: string): string | null {
  try {
    return convert(tex.trim()).replace(/\s+/g, " ").trim();
  } catch (e) {
    if (e instanceof Unrenderable) return null;
    throw e;
  }
}
