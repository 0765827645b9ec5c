// Paging of the lesson and course listings (docs/api.md, "Paging the listings"): at most `limit` items past a
// cursor, the place of the last item answered (placeOf), so a page goes on from where the last one ended even
// when items were added or removed in between.
import type { Context } from "hono";
import * as z from "zod";
import { httpSettings } from "./settings";
import { parseQuery } from "./validation";

/** An item's place in a listing, which is ordered by it: its creation time (ISO, all of one length), then its key. */
export const placeOf = (createdAt: string, key: string) => `${createdAt}~${key}`;

/** `limit`, and the cursor: a listing's `before` (it runs newest first) or `after` (oldest first). */
export function parsePage(c: Context, name: "before" | "after") {
  const { LIST_PAGE_DEFAULT_ITEMS: def, LIST_PAGE_MAX_ITEMS: max } = httpSettings(c.env);
  return parseQuery(
    c,
    z.strictObject({
      limit: z.coerce.number().int().min(1).max(max).default(def),
      [name]: z
        .string()
        .regex(/^[\d-]+T[\d:.]+Z~[\w.:-]+$/)
        .optional(),
    }),
  ) as { limit: number; before?: string; after?: string };
}

/** The first `limit` items, and the cursor of the page after them (null: there is none). */
export function pageOf<T>(items: T[], limit: number, place: (t: T) => string): [T[], string | null] {
  return [items.slice(0, limit), items.length > limit ? place(items[limit - 1]!) : null];
}
