// The Telegram bot's commands ("/cmd" or "/cmd@BotName"), parsed into the platform-neutral ChatCommand
// (the webhook has already dropped commands addressed to another bot: command-addressee.ts).
// What follows a command: /lesson and /course take it as the topic; /start (a deep link's payload, which
// the bot does not use) and /help show the help whatever follows; /stop stops whatever follows ("/stop
// please"); the other commands refuse words after them rather than ignore them (docs/telegram.md).
import { sharedCommand, type ChatCommand } from "../chat-commands";

export const TELEGRAM_HELP = [
  "Hi! I am StudyAgent, a tutor that researches a topic and writes study material with exercises.",
  "",
  "Just write to me to ask or learn something; I remember our conversation.",
  "/lesson <topic> – research the topic and send you a lesson document",
  "/course <topic> – a daily course: one new lesson here every day",
  "/quiz – answer the last lesson's exercises, one at a time",
  "/review – the exercises due for review",
  "/progress – how you are doing: answers, accuracy, reviews due, weak spots",
  "/new – start a fresh conversation",
  "/stop – stop what I am working on",
  "/compact – summarize our earlier conversation so I can keep going",
].join("\n");

export function parseTelegramCommand(text: string): ChatCommand {
  // "/cmd", "/cmd@BotName" (groups), optionally followed by an argument; Telegram's command names are letters, digits and _.
  const m = /^\/(\w+)(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return { kind: "ask", text };
  const arg = (m[2] ?? "").trim();
  const name = m[1]!.toLowerCase();
  // A deep link's /start payload is not used: /start shows the help whatever follows.
  if (name === "start") return { kind: "reply", text: TELEGRAM_HELP };
  return sharedCommand(name, arg, TELEGRAM_HELP) ?? { kind: "reply", text: `I do not know /${m[1]}.\n\n${TELEGRAM_HELP}` };
}
