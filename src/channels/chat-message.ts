// What a chat platform handed us, reduced to what the conversation needs: who to answer, where, and
// the text. Both bots turn their platform's payload into one of these before it reaches ChatObject.

export type ChatTarget =
  | { platform: "telegram"; chatId: number | string }
  /** A Slack channel (or DM); replies go into `threadTs`'s thread when it is set. */
  | { platform: "slack"; channel: string; threadTs?: string };

export type ChatMessage =
  { platform: "telegram"; chatId: number; text: string } | { platform: "slack"; teamId: string; channel: string; threadTs?: string; text: string };

export function targetOf(m: ChatMessage): ChatTarget {
  return m.platform === "telegram"
    ? { platform: "telegram", chatId: m.chatId }
    : { platform: "slack", channel: m.channel, ...(m.threadTs ? { threadTs: m.threadTs } : {}) };
}

/** What names a conversation's Durable Object: a message, or a click on one of the bot's buttons. */
export type ChatAddress = { platform: "telegram"; chatId: number } | { platform: "slack"; teamId: string; channel: string };

/** The Durable Object that owns a conversation: one per Telegram chat, one per Slack channel. */
export function chatObjectName(m: ChatAddress): string {
  return m.platform === "telegram" ? `telegram:${m.chatId}` : `slack:${m.teamId}:${m.channel}`;
}
