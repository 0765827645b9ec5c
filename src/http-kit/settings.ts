// The HTTP surface's settings: who may call (docs/security-and-reliability.md), how large a request may be, and
// how many items a page of a listing holds (list-page.ts).
import * as z from "zod";
import { bool, int, json, notAbove, optionalString } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";
import { ApiKeysSchema } from "./api-keys";

export const HttpSettings = z
  .object({
    API_TOKEN: optionalString,
    /** With no API_TOKEN (or API_KEYS), /v1 answers loopback clients only (src/http/auth.ts) unless this is true (open mode). */
    ALLOW_ANONYMOUS: bool(false),
    /** Tenants' bearer keys: [{"name", "key"|"sha256", "tenant"}] (src/http-kit/api-keys.ts). */
    API_KEYS: json(ApiKeysSchema, []),
    /**
     * Browser origins that may call /v1 directly with a bearer token (CORS, src/http/cors.ts), comma-separated
     * (`https://chat.example.com,http://localhost:5173`). Empty: no CORS at all, as before (closed by default).
     */
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean),
      )
      // canParse first: `new URL` throws on a bare host (`chat.example.com`, `*`), which was a 500 naming no variable.
      .pipe(z.array(z.string().refine((u) => URL.canParse(u) && new URL(u).origin === u, "an origin: scheme://host[:port], no path or trailing slash"))),
    /** Request body limit for every route. */
    MAX_BODY_BYTES: int(1_048_576, 1024),
    /** Items a page of GET /v1/lessons or /v1/courses holds without `limit` (at most the maximum), and most a `limit` may ask for (400 beyond). */
    LIST_PAGE_DEFAULT_ITEMS: int(1000, 1, 10_000),
    LIST_PAGE_MAX_ITEMS: int(1000, 1, 10_000),
  })
  .superRefine((s, ctx) => {
    const { API_TOKEN, API_KEYS } = s;
    // A default above the maximum was lowered to it.
    notAbove(s, ctx, "LIST_PAGE_DEFAULT_ITEMS", "LIST_PAGE_MAX_ITEMS");
    // A key matches one owner: the first would win, and the second entry's tenant (or API_TOKEN's operator
    // rights over the entry's tenant) would be dropped without a word. Messages name entries, never keys.
    const firstOf = new Map<string, number>();
    API_KEYS.forEach(({ key, sha256 }, i) => {
      const field = key !== undefined ? "key" : "sha256";
      const secret = `${field}:${key ?? sha256}`;
      const first = firstOf.get(secret);
      if (first !== undefined)
        ctx.addIssue({ code: "custom", path: ["API_KEYS", i, field], message: `the same ${field} as API_KEYS.${first}; a key has one tenant` });
      else firstOf.set(secret, i);
      if (key !== undefined && key === API_TOKEN)
        ctx.addIssue({ code: "custom", path: ["API_KEYS", i, "key"], message: "the same as API_TOKEN, which acts as the operator of every tenant" });
    });
  });

export const httpSettings = settingsLoader(HttpSettings);
