// What a chat platform handed us, reduced to what the conversation needs: who to answer, where, and
// the text. Both bots turn their platform's payload into one of these before it reaches ChatObject.

export type ChatTarget =
  | { platform: "telegram"; chatId: number | string }
  /** A Slack channel (or DM); replies go into `threadTs`'s thread when it is set. */
  | { platform: "slack"; channel: string; threadTs?: string };

export type ChatMessage =
  | { platform: "telegram"; chatId: number; text: string }
  | { platform: "slack"; teamId: string; channel: string; threadTs?: string; text: string };

export function targetOf(m: ChatMessage): ChatTarget {
  return m.platform === "telegram" ? { platform: "telegram", chatId: m.chatId } : { platform: "slack", channel: m.channel, ...(m.threadTs ? { threadTs: m.threadTs } : {}) };
}

/** The Durable Object that owns a conversation: one per Telegram chat, one per Slack channel. */
export function chatObjectName(m: ChatMessage): string {
  return m.platform === "telegram" ? `telegram:${m.chatId}` : `slack:${m.teamId}:${m.channel}`;
}
