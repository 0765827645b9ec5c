// The Slack app's commands: a whole message (after the mention) that starts with "/". They are read from
// the message text, not registered as slash commands: a slash command would need its own request URL and
// scope, and a mention already reaches the app in a channel. Telegram's commands with the same meaning,
// scoped to the conversation the message is in (a thread, or a DM's top level): /stop stops its run
// (whatever follows, as on Telegram: stopping is urgent), /new starts a fresh session for it, /course
// <topic> sets up a daily course delivered to the channel (or DM). /compact, /quiz, /review, /progress
// and /new take nothing after them (words after one are refused, not ignored), /lesson and /course take
// their topic, /help lists them, and any other "/word" is answered as unknown rather than handed to the
// model (docs/slack.md). Every other message goes to the agent (or answers an open quiz question).
import { fill } from "../../lib/phrase-book";
import { sharedCommand, type ChatCommand } from "../chat-commands";
import type { ChatPhrases } from "../chat-phrases";

const COMMAND = /^\s*\/(\w+)(?:\s+([\s\S]*))?$/;

/** `say`: the person's language's phrases (the help, the commands' own answers). */
export function parseSlackCommand(text: string, say: ChatPhrases): ChatCommand {
  const m = COMMAND.exec(text);
  if (!m) return { kind: "ask", text };
  const name = m[1]!.toLowerCase();
  const arg = (m[2] ?? "").trim();
  return sharedCommand(name, arg, say.slackHelp, say) ?? { kind: "reply", text: fill(say.unknownCommandHere, { name: m[1]!, help: say.slackHelp }) };
}
