// The Telegram bot's commands ("/cmd" or "/cmd@BotName"), parsed into the platform-neutral ChatCommand
// (the webhook has already dropped commands addressed to another bot: command-addressee.ts).
// What follows a command: /lesson and /course take it as the topic; /start (a deep link's payload, which
// the bot does not use) and /help show the help whatever follows, /start also taking back the chat's courses
// that gave it up (the chat is back: chat-course-resume.ts); /stop stops whatever follows ("/stop
// please"); the other commands refuse words after them rather than ignore them (docs/telegram.md).
import { fill } from "../../lib/phrase-book";
import { sharedCommand, type ChatCommand } from "../chat-commands";
import type { ChatPhrases } from "../chat-phrases";

/** `say`: the person's language's phrases (the help, the commands' own answers). */
export function parseTelegramCommand(text: string, say: ChatPhrases): ChatCommand {
  // "/cmd", "/cmd@BotName" (groups), optionally followed by an argument; Telegram's command names are letters, digits and _.
  const m = /^\/(\w+)(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return { kind: "ask", text };
  const arg = (m[2] ?? "").trim();
  const name = m[1]!.toLowerCase();
  // A deep link's /start payload is not used: /start shows the help whatever follows.
  if (name === "start") return { kind: "start", help: say.telegramHelp };
  return sharedCommand(name, arg, say.telegramHelp, say) ?? { kind: "reply", text: fill(say.unknownCommand, { name: m[1]!, help: say.telegramHelp }) };
}
