// The Slack Web API calls the bot makes: chat.postMessage (plain, or mrkdwn made from Markdown by
// slack-mrkdwn.ts), the download of a file a person shared, and for the approval buttons a message with
// Block Kit blocks, chat.update and chat.postEphemeral, and users.info for a person's locale; the bot
// token goes as a Bearer header.
// The base URL is configurable (SLACK_API_BASE) so tests point it at a local fake.
import { packBlocks } from "../chat-markdown";
import { readCapped } from "../download-capped";
import { splitMessage } from "../split-message";
import { CodedError } from "../../lib/coded-error";
import * as z from "zod";

/** users.info's answer, as far as the app reads it. */
const UserInfo = z.object({ ok: z.literal(true), user: z.object({ locale: z.string().max(35) }) });

/** Slack truncates at 40,000 characters and recommends staying under 4,000 per message. */
export const SLACK_MAX_MESSAGE = 4000;
const MAX_RETRY_AFTER_S = 30;
/** Errors that say the channel is out of the bot's reach until a person acts: retrying cannot help (chat_unreachable). */
const UNREACHABLE = ["channel_not_found", "not_in_channel", "is_archived", "account_inactive"];

/** Slack's text escaping: &, < and > are control characters in message text (mentions, links). */
export const escapeSlackText = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export class SlackApi {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  /** Posts `text` as one or more messages (in `threadTs`'s thread when given); returns the first message's ts. */
  async postMessage(channel: string, text: string, threadTs?: string): Promise<string | undefined> {
    let first: string | undefined;
    for (const piece of splitMessage(text, SLACK_MAX_MESSAGE)) {
      const answer = await this.call("chat.postMessage", {
        channel,
        text: escapeSlackText(piece),
        ...(threadTs ? { thread_ts: threadTs } : {}),
        unfurl_links: false,
      });
      first ??= typeof answer.ts === "string" ? answer.ts : undefined;
    }
    return first;
  }

  /** Posts mrkdwn blocks (slack-mrkdwn.ts, already escaped) as messages of at most 4000 characters; returns the first one's ts. */
  async postMrkdwn(channel: string, blocks: readonly string[], threadTs?: string): Promise<string | undefined> {
    let first: string | undefined;
    for (const text of packBlocks(blocks, SLACK_MAX_MESSAGE, splitMessage)) {
      const answer = await this.call("chat.postMessage", { channel, text, mrkdwn: true, ...(threadTs ? { thread_ts: threadTs } : {}), unfurl_links: false });
      first ??= typeof answer.ts === "string" ? answer.ts : undefined;
    }
    return first;
  }

  /**
   * A shared file's bytes from its url_private, with the bot token (needs the files:read scope). Only
   * Slack's file host (or the configured API's origin) is asked: the token never goes anywhere else.
   */
  async downloadFile(url: string, maxBytes: number): Promise<Uint8Array> {
    const origin = new URL(this.base).origin;
    if (!url.startsWith("https://files.slack.com/") && !url.startsWith(`${origin}/`))
      throw new CodedError("slack_api_failed", "Slack file download failed: not_a_slack_file_url");
    const res = await fetch(url, { headers: { authorization: `Bearer ${this.token}` } });
    if (!res.ok) throw new CodedError("slack_api_failed", `Slack file download failed: http_${res.status}`);
    return readCapped(res, maxBytes);
  }

  /** Posts one message made of Block Kit `blocks`; `mrkdwn` (already Slack's markup) is the notification's text. Returns its ts. */
  async postBlocks(channel: string, mrkdwn: string, blocks: readonly SlackBlock[], threadTs?: string): Promise<string | undefined> {
    const answer = await this.call("chat.postMessage", {
      channel,
      text: mrkdwn,
      blocks,
      ...(threadTs ? { thread_ts: threadTs } : {}),
      unfurl_links: false,
    });
    return typeof answer.ts === "string" ? answer.ts : undefined;
  }

  /** Replaces the message `ts` of `channel` (its buttons go unless `blocks` has them). */
  async update(channel: string, ts: string, text: string, blocks: readonly SlackBlock[]): Promise<void> {
    await this.call("chat.update", { channel, ts, text: escapeSlackText(text), blocks });
  }

  /** A message only `user` sees, in the thread when given. */
  async postEphemeral(channel: string, user: string, text: string, threadTs?: string): Promise<void> {
    await this.call("chat.postEphemeral", { channel, user, text: escapeSlackText(text), ...(threadTs ? { thread_ts: threadTs } : {}) });
  }

  /**
   * The user's Slack locale ("es-ES"), which the app answers in; undefined when Slack does not say
   * (the token lacks the users:read scope, an unknown user): the app then answers in English.
   */
  async userLocale(user: string): Promise<string | undefined> {
    const url = `${this.base.replace(/\/$/, "")}/users.info?user=${encodeURIComponent(user)}&include_locale=true`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${this.token}` } });
    return UserInfo.safeParse(await res.json().catch(() => undefined)).data?.user.locale;
  }

  private async call(method: string, payload: Record<string, unknown>, attempt = 0): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.base.replace(/\/$/, "")}/${method}`, {
      method: "POST",
      headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(payload),
    });
    const retryAfter = Number(res.headers.get("retry-after"));
    if (res.status === 429 && attempt < 2 && retryAfter > 0 && retryAfter <= MAX_RETRY_AFTER_S) {
      await new Promise((r) => setTimeout(r, retryAfter * 1000));
      return this.call(method, payload, attempt + 1);
    }
    const answer = (await res.json().catch(() => ({ ok: false, error: `http_${res.status}` }))) as Record<string, unknown>;
    const error = String(answer.error ?? `http_${res.status}`);
    if (answer.ok !== true) throw new CodedError(UNREACHABLE.includes(error) ? "chat_unreachable" : "slack_api_failed", `Slack ${method} failed: ${error}`);
    return answer;
  }
}

/** A Block Kit block (https://api.slack.com/reference/block-kit/blocks), as Slack's JSON. */
export type SlackBlock = Record<string, unknown>;
