// The bot's commands. A message that is not a command is a question for the agent.
export type TelegramCommand =
  | { kind: "start" }
  | { kind: "new" }
  | { kind: "stop" }
  | { kind: "compact" }
  | { kind: "lesson"; topic: string }
  | { kind: "course"; topic: string }
  | { kind: "quiz" }
  | { kind: "review" }
  | { kind: "usage"; text: string }
  | { kind: "ask"; text: string };

export const TELEGRAM_HELP = [
  "Hi! I am StudyAgent, a tutor that researches a topic and writes study material with exercises.",
  "",
  "Just write to me to ask or learn something; I remember our conversation.",
  "/lesson <topic> – research the topic and send you a lesson document",
  "/course <topic> – a daily course: one new lesson here every day",
  "/quiz – answer the last lesson's exercises, one at a time",
  "/review – the exercises due for review",
  "/new – start a fresh conversation",
  "/stop – stop what I am working on",
  "/compact – summarize our earlier conversation so I can keep going",
].join("\n");

export function parseTelegramCommand(text: string): TelegramCommand {
  // "/cmd", "/cmd@BotName" (groups), optionally followed by an argument.
  const m = /^\/([A-Za-z_]+)(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return { kind: "ask", text };
  const arg = (m[2] ?? "").trim();
  switch (m[1]!.toLowerCase()) {
    case "start":
    case "help":
      return { kind: "start" };
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
    case "lesson":
      return arg ? { kind: "lesson", topic: arg } : { kind: "usage", text: "Tell me the topic: /lesson <topic>, for example /lesson photosynthesis" };
    case "course":
      return arg ? { kind: "course", topic: arg } : { kind: "usage", text: "Tell me the topic: /course <topic>, for example /course Spanish for travellers" };
    default:
      return { kind: "usage", text: `I do not know /${m[1]}.\n\n${TELEGRAM_HELP}` };
  }
}

/** What /lesson asks the agent (the default system prompt knows how to build and save a lesson). */
export const lessonRequest = (topic: string) => `I want to learn about: ${topic}\n\nResearch it, write a lesson with exercises, and save it.`;
