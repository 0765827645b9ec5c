// The HTTP surface's settings: who may call (docs/security-and-reliability.md) and how large a request may be.
import * as z from "zod";
import { bool, int, json, optionalString } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";
import { ApiKeysSchema } from "./api-keys";

export const HttpSettings = z.object({
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
    .pipe(z.array(z.url().refine((u) => new URL(u).origin === u, "an origin: scheme://host[:port], no path or trailing slash"))),
  /** Request body limit for every route. */
  MAX_BODY_BYTES: int(1_048_576, 1024),
});

export const httpSettings = settingsLoader(HttpSettings);
