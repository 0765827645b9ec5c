// Posting Telegram updates (telegram-payloads.ts) to POST /telegram/webhook, for tests inside workerd.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp } from "../../src/http/app";
import { htmlToPlain } from "../../src/platforms/telegram/telegram-html";
import { platformCalls, waitFor } from "./platform-control";
import { call } from "./worker-http";

export {
  callbackQueryUpdate,
  fromLanguage,
  inAlbum,
  inForumTopic,
  inReplyThread,
  TELEGRAM_BOT_USERNAME,
  telegramAttachmentUpdate,
  telegramEditUpdate,
  telegramGroupUpdate,
  telegramPhotoUpdate,
  telegramUpdate,
  uniqueSupergroupId,
} from "./telegram-payloads";

export const TELEGRAM_SECRET = (env as unknown as Record<string, string>).TELEGRAM_WEBHOOK_SECRET!;

export function postTelegram(update: unknown, secret: string | null = TELEGRAM_SECRET): Promise<Response> {
  return call("/telegram/webhook", {
    method: "POST",
    json: update,
    headers: secret === null ? {} : { "x-telegram-bot-api-secret-token": secret },
  });
}

/** Posts updates to an app of its own over `vars` laid on the test env: a setting a test changes (MODEL_VISION, a bot token, a wait). */
export function telegramPosterWith(vars: Record<string, string>): (update: unknown) => Promise<Response> | Response {
  const app = createApp();
  const appEnv = { ...env, ...vars };
  return (update) =>
    app.fetch(
      new Request("https://agent.example.com/telegram/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": TELEGRAM_SECRET },
        body: JSON.stringify(update),
      }),
      appEnv,
      createExecutionContext(),
    );
}

/** The bot's next answer in `chat` to `update` (a /start, a command), as plain text. */
export async function answerTo(chat: number, update: unknown): Promise<string> {
  const sent = async () => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage");
  const seen = (await sent()).length;
  await postTelegram(update);
  return waitFor(async () => {
    const answer = (await sent())[seen];
    return answer && htmlToPlain(String(answer.body.text));
  }, "the bot's answer");
}
