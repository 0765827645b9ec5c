// Safe arithmetic: a small recursive-descent parser, because eval is unsafe (and workerd forbids it).
import * as z from "zod";
import { defineTool, fail, ok, type ToolSignature } from "../agent";
import { errorMessage } from "../lib/error-message";
import type { BuiltinTool } from "./builtin-tool";

const FUNCTIONS: Record<string, (...a: number[]) => number> = {
  sqrt: Math.sqrt,
  cbrt: Math.cbrt,
  abs: Math.abs,
  floor: Math.floor,
  ceil: Math.ceil,
  round: Math.round,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  ln: Math.log,
  log: Math.log10,
  log2: Math.log2,
  exp: Math.exp,
  min: Math.min,
  max: Math.max,
  pow: Math.pow,
};
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E, tau: 2 * Math.PI };
const MAX_EXPRESSION = 1000;

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): number {
    const v = this.sum();
    this.space();
    if (this.i < this.s.length) throw new Error(`unexpected "${this.s[this.i]}" at position ${this.i + 1}`);
    return v;
  }

  private space() {
    while (this.s[this.i] === " " || this.s[this.i] === "\t") this.i++;
  }
  private eat(tok: string): boolean {
    this.space();
    if (this.s.startsWith(tok, this.i)) {
      this.i += tok.length;
      return true;
    }
    return false;
  }
  private sum(): number {
    let v = this.product();
    for (;;) {
      if (this.eat("+")) v += this.product();
      else if (this.eat("-")) v -= this.product();
      else return v;
    }
  }
  private product(): number {
    let v = this.unary();
    for (;;) {
      this.space();
      if (this.s.startsWith("**", this.i)) return v;
      if (this.eat("*")) v *= this.unary();
      else if (this.eat("/")) v /= this.unary();
      else if (this.eat("%")) v %= this.unary();
      else return v;
    }
  }
  /** Unary minus binds looser than a power, as in mathematics: -3^2 = -9, 2^-1 = 0.5. */
  private unary(): number {
    if (this.eat("-")) return -this.unary();
    if (this.eat("+")) return this.unary();
    return this.power();
  }
  private power(): number {
    const base = this.atom();
    // Right-associative: 2^3^2 = 2^9.
    if (this.eat("^") || this.eat("**")) return Math.pow(base, this.unary());
    return base;
  }
  private atom(): number {
    this.space();
    if (this.eat("(")) {
      const v = this.sum();
      if (!this.eat(")")) throw new Error("missing )");
      return v;
    }
    const num = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(this.s.slice(this.i));
    if (num) {
      this.i += num[0].length;
      return Number(num[0]);
    }
    const name = /^[a-z_][a-z0-9_]*/i.exec(this.s.slice(this.i));
    if (!name) throw new Error(this.i >= this.s.length ? "unexpected end of expression" : `unexpected "${this.s[this.i]}" at position ${this.i + 1}`);
    this.i += name[0].length;
    const id = name[0].toLowerCase();
    // Own properties only: "constructor" or "__proto__" must not reach Object.prototype.
    if (Object.hasOwn(CONSTANTS, id)) return CONSTANTS[id]!;
    const fn = Object.hasOwn(FUNCTIONS, id) ? FUNCTIONS[id] : undefined;
    if (!fn) throw new Error(`unknown name "${name[0]}" (functions: ${Object.keys(FUNCTIONS).join(", ")}; constants: pi, e, tau)`);
    if (!this.eat("(")) throw new Error(`${id} needs parentheses`);
    const args = [this.sum()];
    while (this.eat(",")) args.push(this.sum());
    if (!this.eat(")")) throw new Error("missing )");
    return fn(...args);
  }
}

export function evaluate(expression: string): number {
  return new Parser(expression).parse();
}

const CALCULATE_SIGNATURE = {
  name: "calculate",
  input: z.object({ expression: z.string().min(1).max(MAX_EXPRESSION).describe("e.g. (3+4)*2^3 or sqrt(2)/2") }),
} satisfies ToolSignature;

export const calculateTool = defineTool({
  ...CALCULATE_SIGNATURE,
  description:
    "Evaluate an arithmetic expression exactly as written: + - * / % ^ (power), parentheses, functions sqrt, abs, round, floor, ceil, sin, cos, tan, ln, log (base 10), exp, min, max, pow, and constants pi, e. Use it for any arithmetic rather than computing in your head.",
  replaySafe: true,
  run({ expression }) {
    try {
      const value = evaluate(expression);
      if (!Number.isFinite(value)) return fail(`The expression ${expression} has no finite value (${value}).`);
      return ok(`${expression} = ${Number(value.toPrecision(15))}`, { value });
    } catch (e) {
      return fail(`Could not evaluate "${expression}": ${errorMessage(e)}.`);
    }
  },
});

/** calculate as a built-in tool: no settings. */
export const calculate: BuiltinTool = { signature: CALCULATE_SIGNATURE, scope: "isolate", create: () => calculateTool };
