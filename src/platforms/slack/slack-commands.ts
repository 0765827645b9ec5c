// The Slack app's commands: a whole message (after the mention) that starts with "/". They are read from
// the message text, not registered as slash commands: a slash command would need its own request URL and
// scope, and a mention already reaches the app in a channel. Telegram's commands with the same meaning,
// scoped to the conversation the message is in (a thread, or a DM's top level): /stop stops its run
// (whatever follows, as on Telegram: stopping is urgent), /new starts a fresh session for it, /course
// <topic> sets up a daily course delivered to the channel (or DM). /compact, /quiz, /review, /progress
// and /new take nothing after them (words after one are refused, not ignored), /lesson and /course take
// their topic, /help lists them, and any other "/word" is answered as unknown rather than handed to the
// model (docs/slack.md). Every other message goes to the agent (or answers an open quiz question).
import { sharedCommand, type ChatCommand } from "../chat-commands";

export const SLACK_HELP = [
  "I am StudyAgent, a tutor that researches a topic and writes study material with exercises.",
  "",
  "Write to me to ask or learn something (in a channel, mention me); each thread is one conversation, and so is a DM's top level.",
  "/lesson <topic> – research the topic and post a lesson",
  "/course <topic> – a daily course: one new lesson in this channel (or DM) every day",
  "/quiz – answer the last lesson's exercises, one at a time",
  "/review – the exercises due for review",
  "/progress – how you are doing: answers, accuracy, reviews due, weak spots",
  "/new – start a fresh conversation in this thread",
  "/stop – stop what I am working on in this thread",
  "/compact – summarize our earlier conversation so I can keep going",
].join("\n");

const COMMAND = /^\s*\/(\w+)(?:\s+([\s\S]*))?$/;

export function parseSlackCommand(text: string): ChatCommand {
  const m = COMMAND.exec(text);
  if (!m) return { kind: "ask", text };
  const name = m[1]!.toLowerCase();
  const arg = (m[2] ?? "").trim();
  return sharedCommand(name, arg, SLACK_HELP) ?? { kind: "reply", text: `I do not know /${m[1]} here.\n\n${SLACK_HELP}` };
}
