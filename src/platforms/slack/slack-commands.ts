// The Slack app's commands: a whole message (after the mention) that starts with "/". They are read from
// the message text, not registered as slash commands: a slash command would need its own request URL and
// scope, and a mention already reaches the app in a channel. /compact, /quiz, /review and /progress take
// nothing after them (words after one are refused, not ignored), /lesson takes its topic, /help lists them,
// and any other "/word" is answered as unknown rather than handed to the model (docs/slack.md). Every other
// message goes to the agent (or answers an open quiz question).
import { noArgumentReply, type ChatCommand } from "../chat-commands";

export const SLACK_HELP = [
  "I am StudyAgent, a tutor that researches a topic and writes study material with exercises.",
  "",
  "Write to me to ask or learn something (in a channel, mention me); each thread is one conversation.",
  "/lesson <topic> – research the topic and post a lesson",
  "/quiz – answer the last lesson's exercises, one at a time",
  "/review – the exercises due for review",
  "/progress – how you are doing: answers, accuracy, reviews due, weak spots",
  "/compact – summarize our earlier conversation so I can keep going",
].join("\n");

const COMMAND = /^\s*\/(\w+)(?:\s+([\s\S]*))?$/;
const WITHOUT_ARGUMENT = ["compact", "quiz", "review", "progress"] as const;

export function parseSlackCommand(text: string): ChatCommand {
  const m = COMMAND.exec(text);
  if (!m) return { kind: "ask", text };
  const name = m[1]!.toLowerCase();
  const arg = (m[2] ?? "").trim();
  const known = WITHOUT_ARGUMENT.find((c) => c === name);
  if (known) return arg ? noArgumentReply(known, arg) : { kind: known };
  if (name === "help") return { kind: "reply", text: SLACK_HELP };
  if (name === "lesson")
    return arg ? { kind: "lesson", topic: arg } : { kind: "reply", text: "Tell me the topic: /lesson <topic>, for example /lesson photosynthesis" };
  return { kind: "reply", text: `I do not know /${m[1]} here.\n\n${SLACK_HELP}` };
}
