// Simple TeX as plain Unicode for chats, which cannot show MathML: `x^2 + \frac{1}{2}` → `x² + 1/2`,
// `\sqrt{2}` → `√2`, Greek letters and the common operators as their symbols. TeX beyond that (matrices,
// sums with limits, exponents with no superscript form) answers null: the caller shows the source and
// links to the page, where KaTeX renders it.

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
  i: "ᵢ",
  j: "ⱼ",
  k: "ₖ",
  n: "ₙ",
  x: "ₓ",
};
/** Relations read with a space on each side, as TeX sets them. */
const RELATIONS = new Set(["≤", "≥", "≠", "≈", "≡", "∼", "∝", "→", "←", "⇒", "⇐", "⇔", "∈", "∉", "⊂", "⊆", "∣"]);
/** Commands whose braces are text: `\text{if }` → `if `. */
const TEXT_COMMANDS = new Set(["text", "textbf", "textit"]);
/** Font commands whose argument is still math, so it is converted: `\mathrm{H_2O}` → `H₂O`. */
const MATH_FONTS = new Set(["mathrm", "mathit", "mathbf", "mathsf", "mathtt", "operatorname"]);
/** The roots Unicode has a sign for, by `\sqrt[…]`'s index; any other index needs the page. */
const ROOTS = new Map([
  ["3", "∛"],
  ["4", "∜"],
]);
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
  if (name === "frac" || name === "dfrac" || name === "tfrac") {
    const num = group(tex, skipSpace(tex, end));
    const den = group(tex, skipSpace(tex, num.end));
    // A space after it, so `\frac{d}{dx}x` reads "d/dx x".
    return { text: `${operand(num.text)}/${operand(den.text)} `, end: den.end };
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
  while (at < tex.length) {
    const c = tex[at]!;
    if (c === "^" || c === "_") {
      const arg = group(tex, skipSpace(tex, at + 1));
      out += script(arg.text, c === "^" ? SUPERSCRIPT : SUBSCRIPT);
      at = arg.end;
    } else if (c === "{" || c === "\\") {
      const g = group(tex, at);
      out += g.text;
      at = g.end;
    } else if (c === "&" || c === "}") throw new Unrenderable();
    else {
      out += c === "-" ? "−" : c === "'" ? "′" : c;
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
