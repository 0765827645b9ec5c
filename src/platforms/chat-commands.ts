// What a person can ask a chat to do, whatever the platform: each platform parses its own syntax into
// one of these (telegram/telegram-commands.ts, slack/slack-commands.ts); a message that is not a
// command is a question for the agent (or, while a quiz question is out, its answer).
import { fill } from "../lib/phrase-book";
import type { ChatPhrases } from "./chat-phrases";

export type ChatCommand =
  /** A command answered with fixed text: the help, or how to use a command. */
  | { kind: "reply"; text: string }
  /** Telegram's /start (what its Restart sends once a person unblocks the bot): the help, and the chat's given-up courses taken back. */
  | { kind: "start"; help: string }
  | { kind: "new" }
  | { kind: "stop" }
  | { kind: "compact" }
  | { kind: "lesson"; topic: string }
  | { kind: "course"; topic: string }
  | { kind: "quiz" }
  | { kind: "review" }
  | { kind: "progress" }
  | { kind: "ask"; text: string };

/** What a command that takes nothing after it does (its phrase), for the reply that refuses words after it. */
export const NO_ARGUMENT_COMMANDS = {
  new: "doesNew",
  compact: "doesCompact",
  quiz: "doesQuiz",
  review: "doesReview",
  progress: "doesProgress",
} as const satisfies Record<string, keyof ChatPhrases>;

const SHOWN_ARGUMENT = 60;

/** Whether `name` (lower case) is one of those commands. */
export const takesNoArgument = (name: string): name is keyof typeof NO_ARGUMENT_COMMANDS => Object.hasOwn(NO_ARGUMENT_COMMANDS, name);

/** The reply to "/quiz something": nothing was done, and why. */
export function noArgumentReply(name: keyof typeof NO_ARGUMENT_COMMANDS, arg: string, say: ChatPhrases): ChatCommand {
  const shown = arg.length > SHOWN_ARGUMENT ? `${arg.slice(0, SHOWN_ARGUMENT)}…` : arg;
  return { kind: "reply", text: fill(say.noArgument, { name, shown, does: say[NO_ARGUMENT_COMMANDS[name]] }) };
}

/**
 * The commands both platforms share, by name (lower case) and what follows it: undefined for a name they
 * do not share, which each platform answers its own way (Telegram's /start, the unknown-command reply).
 */
export function sharedCommand(name: string, arg: string, help: string, say: ChatPhrases): ChatCommand | undefined {
  if (arg && takesNoArgument(name)) return noArgumentReply(name, arg, say);
  switch (name) {
    case "help":
      return { kind: "reply", text: help };
    case "new":
    case "stop":
    case "compact":
    case "quiz":
    case "review":
    case "progress":
      return { kind: name };
    case "lesson":
      return arg ? { kind: "lesson", topic: arg } : { kind: "reply", text: say.lessonTopic };
    case "course":
      return arg ? { kind: "course", topic: arg } : { kind: "reply", text: say.courseTopic };
    default:
      return undefined;
  }
}
