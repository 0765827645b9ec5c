// How a receiver verifies a webhook hook delivery: the snippet docs/security-and-reliability.md shows,
// kept here so the tests prove it works against what the Worker sends.
import { createHmac, timingSafeEqual } from "node:crypto";

export function verifyHook(secret: string, headers: Record<string, string | undefined>, rawBody: string, toleranceSeconds = 300): boolean {
  const timestamp = headers["x-hook-timestamp"] ?? "";
  const signature = headers["x-hook-signature"] ?? "";
  if (!/^\d+$/.test(timestamp)) return false;
  // Refuse stale or replayed deliveries.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = "sha256=" + createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
