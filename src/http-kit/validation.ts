// Request parsing at the HTTP boundary: JSON bodies and ids through zod, with 400s that say what is wrong.
import type { Context } from "hono";
import * as z from "zod";
import { badRequest } from "./errors";

/**
 * Ids are URL-safe strings of 1–128 characters (docs/api.md), not made only of dots: a URL parser
 * resolves `.` and `..` away, so such a session could never be read or deleted again.
 */
export const Id = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, "ids are 1–128 characters of A-Z a-z 0-9 . _ : -")
  .refine((id) => !/^\.+$/.test(id), "an id cannot be made only of dots");

export function parseId(value: string | undefined, what = "id"): string {
  const r = Id.safeParse(value);
  if (!r.success) throw badRequest("invalid_id", `invalid ${what}: ${r.error.issues[0]?.message}`);
  return r.data;
}

/** Reads and validates a JSON body; an empty body is `{}` when `optional`. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S, opts: { optional?: boolean } = {}): Promise<z.output<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest("invalid_json", "The request body is not valid JSON.");
    }
  } else if (!opts.optional) {
    throw badRequest("invalid_json", "The request needs a JSON body.");
  }
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest("invalid_request", z.prettifyError(r.error));
  return r.data;
}

/**
 * The body of a POST that takes no fields (a cancel, a compaction): none, or `{}` as many clients send. Any
 * field is a 400 naming it, since a field the route does not read would otherwise be ignored.
 */
export async function parseNoFields(c: Context): Promise<void> {
  await parseJson(c, z.strictObject({}), { optional: true });
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  // c.req.query() keeps a repeated parameter's first value; the others would be dropped without a word.
  const repeated = Object.entries(c.req.queries()).find(([, values]) => values.length > 1)?.[0];
  if (repeated !== undefined)
    throw badRequest("invalid_request", `The query parameter '${repeated}' is given more than once; give it once (a list is one value, comma-separated).`);
  const r = schema.safeParse(c.req.query());
  if (!r.success) throw badRequest("invalid_request", z.prettifyError(r.error));
  return r.data;
}

/** The query of a route that takes no parameters: any (`?limit=10`, `?dryRun=1`) is a 400 naming it, since the route would ignore it. */
export function parseNoQuery(c: Context): void {
  parseQuery(c, z.strictObject({}));
}
