// The Telegram bot's commands ("/cmd" or "/cmd@BotName"), parsed into the platform-neutral ChatCommand
// (the webhook has already dropped commands addressed to another bot: command-addressee.ts).
// What follows a command: /lesson and /course take it as the topic; /start (a deep link's payload, which
// the bot does not use) and /help show the help whatever follows; /stop stops whatever follows ("/stop
// please"); the other commands refuse words after them rather than ignore them (docs/telegram.md).
import { noArgumentReply, takesNoArgument, type ChatCommand } from "../chat-commands";

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
  if (arg && takesNoArgument(name)) return noArgumentReply(name, arg);
  switch (name) {
    case "start":
    case "help":
      return { kind: "reply", text: TELEGRAM_HELP };
    case "new":
      return { kind: "new" };
    case "stop":
      return { kind: "stop" };
    case "compact":
      return { kind: "compact" };
    case "quiz":
      return { kind: "quiz" };
    case "review":
      return { kind: "review" };
    case "progress":
      return { kind: "progress" };
    case "lesson":
      return arg ? { kind: "lesson", topic: arg } : { kind: "reply", text: "Tell me the topic: /lesson <topic>, for example /lesson photosynthesis" };
    case "course":
      return arg ? { kind: "course", topic: arg } : { kind: "reply", text: "Tell me the topic: /course <topic>, for example /course Spanish for travellers" };
    default:
      return { kind: "reply", text: `I do not know /${m[1]}.\n\n${TELEGRAM_HELP}` };
  }
}
