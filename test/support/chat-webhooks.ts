// Posting to a Worker's chat webhooks from Node (a Worker under `wrangler dev`), the way Telegram and
// Slack do: the Telegram secret header, and Slack's v0 signature over the raw body. The payloads come
// from telegram-payloads.ts and slack-payloads.ts.
import { slackSignature } from "../../src/platforms/slack/slack-signature";

/** The bots' secrets the wrangler dev tests configure. */
export const CHAT_SECRETS = { telegram: "telegram-webhook-secret", slack: "slack-signing-secret" };

/** A Worker's vars for both bots, talking to the fake Telegram and Slack APIs at `platformBase` (platform-fake.ts). */
export function chatPlatformVars(platformBase: string, secrets = CHAT_SECRETS): Record<string, string> {
  return {
    TELEGRAM_BOT_TOKEN: "123456:test-token",
    TELEGRAM_WEBHOOK_SECRET: secrets.telegram,
    TELEGRAM_API_BASE: `${platformBase}/telegram`,
    SLACK_SIGNING_SECRET: secrets.slack,
    SLACK_BOT_TOKEN: "xoxb-test-token",
    SLACK_API_BASE: `${platformBase}/slack/api`,
  };
}

export function chatWebhooks(workerUrl: string, secrets: { telegram: string; slack: string }) {
  const slack = async (path: string, body: string, contentType: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    return fetch(`${workerUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": contentType,
        "x-slack-request-timestamp": timestamp,
        "x-slack-signature": await slackSignature(secrets.slack, timestamp, body),
      },
      body,
    });
  };
  return {
    telegram: (update: unknown) =>
      fetch(`${workerUrl}/telegram/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secrets.telegram },
        body: JSON.stringify(update),
      }),
    slackEvent: (payload: unknown) => slack("/slack/events", JSON.stringify(payload), "application/json"),
    slackInteraction: (payload: unknown) =>
      slack("/slack/interactions", new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), "application/x-www-form-urlencoded"),
  };
}
