// For tests inside workerd: reads what the fake Telegram and Slack APIs received, scripts failures,
// and waits for background work (the bots answer after their webhook returned).
import { env } from "cloudflare:workers";
import { base64Of } from "./images";
import type { PlatformCall } from "./platform-fake";

export { waitFor } from "./wait-for";

const vars = env as unknown as Record<string, string>;
// TELEGRAM_API_BASE is http://127.0.0.1:<port>/telegram (vitest.config.ts).
const base = () => vars.TELEGRAM_API_BASE!.replace(/\/telegram$/, "");

export async function platformCalls(platform: "telegram" | "slack", target: string | number): Promise<PlatformCall[]> {
  const res = await fetch(`${base()}/__calls?platform=${platform}&target=${encodeURIComponent(String(target))}`);
  return ((await res.json()) as { calls: PlatformCall[] }).calls;
}

/**
 * The next `times` calls to this chat or channel fail (Telegram: HTTP 500, or `as` status and description; Slack: ok=false, its
 * error `as.description` or fatal_error);
 * `as.method`: only calls of that method; `as.after`: once that many of them went through.
 */
export async function failNextCalls(
  platform: "telegram" | "slack",
  target: string | number,
  times: number,
  as: { status?: number; description?: string; method?: string; after?: number } | undefined = undefined,
): Promise<void> {
  await fetch(`${base()}/__fail`, { method: "POST", body: JSON.stringify({ platform, target: String(target), times, ...as }) });
}

/** A file a person sends (a photo): Telegram's file_id and Slack's file id are both `id`. */
export async function offerFile(id: string, bytes: Uint8Array): Promise<void> {
  await fetch(`${base()}/__files`, { method: "POST", body: JSON.stringify({ id, base64: base64Of(bytes) }) });
}

/** The locale Slack's users.info answers for `user` (a Slack user id). */
export async function setSlackLocale(user: string, locale: string): Promise<void> {
  await fetch(`${base()}/__locales`, { method: "POST", body: JSON.stringify({ user, locale }) });
}

/** A Telegram chat id no other test uses. */
export const uniqueChatId = () => 100_000_000 + Math.floor(Math.random() * 800_000_000);
