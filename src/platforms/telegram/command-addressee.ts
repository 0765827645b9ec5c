// Whom a Telegram command is for. In a group, "/stop@OtherBot" is another bot's command: ours neither
// answers nor acts on it. Our own username comes from getMe, asked on the first command addressed to a
// bot and kept for the isolate's life (one call per isolate, none for commands without "@"); a failed
// getMe is not kept, and the update fails (500), so Telegram delivers it again.
import type { Env } from "../../env";
import { TelegramApi } from "./telegram-api";
import { telegramSettings } from "./settings";
import type { TelegramUpdate } from "./telegram-update";

/** The bot a command names after "@" ("/quiz@StudyBot" → "StudyBot"); undefined for a command naming none, or text that is no command. */
export function commandAddressee(text: string | undefined): string | undefined {
  return /^\/\w+@(\w+)/.exec(text?.trim() ?? "")?.[1];
}

const usernames = new Map<string, Promise<string>>();

/** Our bot's username, by getMe, once per token and API base. */
function ourUsername(env: Env): Promise<string> {
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_BASE: base } = telegramSettings(env);
  const key = `${base} ${token ?? ""}`;
  let known = usernames.get(key);
  if (!known) {
    known = new TelegramApi(base, token ?? "").getMe().then((me) => me.username);
    usernames.set(key, known);
    known.catch(() => usernames.delete(key));
  }
  return known;
}

/** Whether the update's message (or edit) is a command addressed to another bot. */
export async function isForAnotherBot(env: Env, update: TelegramUpdate): Promise<boolean> {
  const m = update.message ?? update.edited_message;
  const addressee = commandAddressee(m?.text ?? m?.caption);
  if (addressee === undefined) return false;
  // Telegram usernames are case-insensitive.
  return addressee.toLowerCase() !== (await ourUsername(env)).toLowerCase();
}
