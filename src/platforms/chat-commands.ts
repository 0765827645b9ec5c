// What a person can ask a chat to do, whatever the platform: each platform parses its own syntax into
// one of these (telegram/telegram-commands.ts, slack/slack-commands.ts); a message that is not a
// command is a question for the agent (or, while a quiz question is out, its answer).
export type ChatCommand =
  /** A command answered with fixed text: the help, or how to use a command. */
  | { kind: "reply"; text: string }
  | { kind: "new" }
  | { kind: "stop" }
  | { kind: "compact" }
  | { kind: "lesson"; topic: string }
  | { kind: "course"; topic: string }
  | { kind: "quiz" }
  | { kind: "review" }
  | { kind: "progress" }
  | { kind: "ask"; text: string };

/** What /lesson asks the agent (the default system prompt knows how to build and save a lesson). */
export const lessonRequest = (topic: string) => `I want to learn about: ${topic}\n\nResearch it, write a lesson with exercises, and save it.`;
