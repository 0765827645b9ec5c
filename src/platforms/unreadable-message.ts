// A person's message the bot cannot act on: a voice note, a sticker, an edit, several files at once, an
// empty mention. The webhook still hands it to the conversation (so a retry is dropped like any other),
// which answers with why instead of staying silent or running the agent on part of it (chat-object.ts),
// in the person's language (chat-phrases.ts).
import { fill } from "../lib/phrase-book";
import type { ChatPhrases } from "./chat-phrases";

/** A kind of thing a platform can carry that the bot does not read, by the phrase that names it; each platform maps its own payload onto these. */
export type UnreadableAttachment = Extract<keyof ChatPhrases, `attachment${string}`>;

export type Unreadable =
  | { kind: "attachment"; what: UnreadableAttachment }
  /** The person edited a message the bot already read (or answered). */
  | { kind: "edit" }
  /** More files than the one a message may bring. */
  | { kind: "files"; count: number }
  /** A shared file the platform gave no way to download. */
  | { kind: "unopenable_file" }
  /** Nothing to read: a bare mention, a shared message without text. */
  | { kind: "empty" };

/** What the bot says instead of acting on the message. */
export function unreadableReply(u: Unreadable, say: ChatPhrases): string {
  switch (u.kind) {
    case "attachment":
      // A message stored before these ids named the thing in English words, which are kept.
      return fill(say.unreadableAttachment, { what: say[u.what] ?? u.what });
    case "edit":
      return say.unreadableEdit;
    case "files":
      return fill(say.unreadableFiles, { count: u.count });
    case "unopenable_file":
      return say.unopenableFile;
    case "empty":
      return say.nothingToRead;
  }
}
