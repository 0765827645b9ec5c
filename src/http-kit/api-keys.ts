// API_KEYS: one bearer key per client, each bound to a tenant. A key is given in clear (`key`) or as the
// hex SHA-256 of the key (`sha256`), so the config need not hold the secret itself. Matching compares in
// constant time against every key, so timing tells nothing about which key came close.
import * as z from "zod";
import { sha256Hex } from "../lib/sha256-hex";
import { timingSafeEqualStrings } from "../lib/timing-safe";
import { TENANT_NAME } from "../lib/tenant";

export const ApiKeysSchema = z.array(
  z
    .strictObject({
      name: z.string().min(1).max(100),
      key: z.string().min(16, "a key needs at least 16 characters").optional(),
      sha256: z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, "64 hex digits")
        .transform((h) => h.toLowerCase())
        .optional(),
      // Not a bot's own tenant either: src/config.ts checks that against the platform registry.
      tenant: z.string().regex(TENANT_NAME, "1–64 characters of A-Z a-z 0-9 . _ : -"),
    })
    .refine((k) => (k.key === undefined) !== (k.sha256 === undefined), "give exactly one of key and sha256"),
);

export type ApiKey = z.output<typeof ApiKeysSchema>[number];

/** The key `given` is, if any. */
export async function matchApiKey(keys: readonly ApiKey[], given: string): Promise<ApiKey | undefined> {
  const hash = await sha256Hex(given);
  let found: ApiKey | undefined;
  for (const k of keys) {
    const equal = k.key !== undefined ? await timingSafeEqualStrings(given, k.key) : await timingSafeEqualStrings(hash, k.sha256!);
    if (equal) found ??= k;
  }
  return found;
}
