// How one setting is read from its env string: the types every feature's settings slice is built with
// (src/*/settings.ts). Every one has a default or is optional, so a deployment sets only what it changes.
import * as z from "zod";
import { readJsonSetting } from "./json-syntax-error";

// A blank number or boolean is refused, not read: Number("") is 0 (ANSWER_REPEAT_WINDOW_MS= turned the
// retry window off) and a blank boolean read as false whatever the default (AUTO_COMPACTION= turned it off).
// A number is written in plain decimal: Number() also reads `0x10` as 16, `1e3` as 1000 and ` 12 ` as 12, more
// likely slips than meant. A number written as one in wrangler.toml's [vars] (`MAX_STEPS = 25`) is read as one.
const decimal = (form: RegExp, expected: string) =>
  z.union([
    z.number(),
    z.string().superRefine((v, ctx) => {
      if (!form.test(v)) ctx.addIssue({ code: "custom", message: v.trim() ? expected : "empty: write a value, or remove the variable for its default" });
    }),
  ]);

export const int = (def: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  decimal(/^-?\d+$/, "expected a whole number in decimal digits, such as 25")
    .pipe(z.coerce.number<string | number>().int().min(min).max(max))
    .default(def);

export const bool = (def: boolean) =>
  z
    .enum(["true", "false", "1", "0"], { error: 'expected "true", "false", "1" or "0"' })
    .default(def ? "true" : "false")
    .transform((v) => v === "true" || v === "1");

export const fraction = (def: number, min: number, max: number) =>
  decimal(/^-?\d+(?:\.\d+)?$/, "expected a decimal number, such as 0.8")
    .pipe(z.coerce.number<string | number>().min(min).max(max))
    .default(def);

/** An empty string is as good as unset. */
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/** An http(s) URL, or unset: the URLs a setting names are fetched or linked to (abort: a refine after it reads only a URL). */
export const optionalUrl = optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http or https URL", abort: true }).optional());

/**
 * Two settings that contradict each other are refused, both named, never one quietly adjusted: `name` may not
 * be above `limit` (nor equal to it, `below`). The docs say why each pair goes together.
 */
export function notAbove(s: object, ctx: z.RefinementCtx, name: string, limit: string, below = false): void {
  const [v, l] = [(s as Record<string, number>)[name]!, (s as Record<string, number>)[limit]!];
  if (below ? v >= l : v > l) ctx.addIssue({ code: "custom", path: [name], message: `is ${v}, ${below ? "not below" : "more than"} ${limit} (${l})` });
}

/**
 * A JSON document in a string var (empty: `def`), then validated by `schema`; issues keep their paths.
 * A syntax error says where it is (line and column) and what was expected there, never the text: the
 * var may hold secrets (API_KEYS, WEBHOOKS, MCP_SERVERS), and the message can reach a log or a caller.
 * A key an object gives twice is refused by the object's path: JSON.parse would drop one without a word.
 */
export const json = <S extends z.ZodType>(schema: S, def: z.input<S>) =>
  z
    .string()
    .optional()
    .transform((text, ctx): unknown => {
      if (!text?.trim()) return def;
      const read = readJsonSetting(text);
      if ("value" in read) return read.value;
      ctx.addIssue({ code: "custom", ...read.fault });
      return z.NEVER;
    })
    .pipe(schema);
