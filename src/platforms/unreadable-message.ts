// A person's message the bot cannot act on: a voice note, a sticker, an edit, several files at once, an
// empty mention. The webhook still hands it to the conversation (so a retry is dropped like any other),
// which answers with why instead of staying silent or running the agent on part of it (chat-object.ts).
// Every reply is English, like all the bots' other replies.

/** What a platform can carry that the bot does not read; each platform maps its own payload onto these. */
export type UnreadableAttachment =
  "a voice message" | "audio" | "a video" | "a video message" | "a sticker" | "a location" | "a contact" | "a poll" | "a dice roll" | "a game" | "a story";

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
export function unreadableReply(u: Unreadable): string {
  switch (u.kind) {
    case "attachment":
      return `Sorry, I cannot read ${u.what}. Please type your question instead.`;
    case "edit":
      return "I saw that you edited a message, but I only read new ones: please send the corrected message again.";
    case "files":
      return `You sent ${u.count} files, but I can look at one per message: please send them one at a time, each with its question.`;
    case "unopenable_file":
      return "I could not open the file you shared. Please upload it again (a photo or image), or type your question.";
    case "empty":
      return "I did not find anything to read in your message: please write your question as text.";
  }
}
