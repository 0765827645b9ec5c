// The Slack app's commands: a whole message (after the mention) of "/compact", "/quiz", "/review" or "/progress".
// They are read from the message text, not registered as slash commands: a slash command would need
// its own request URL and scope, and a mention already reaches the app in a channel. Every other
// message goes to the agent (or answers an open quiz question).
import type { ChatCommand } from "../chat-commands";

const COMMAND = /^\s*\/(compact|quiz|review|progress)\s*$/i;

export function parseSlackCommand(text: string): ChatCommand {
  const name = COMMAND.exec(text)?.[1]?.toLowerCase();
  if (name === "compact" || name === "quiz" || name === "review" || name === "progress") return { kind: name };
  return { kind: "ask", text };
}
