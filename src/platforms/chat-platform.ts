// One chat platform (Telegram, Slack, …) as the conversation's Durable Object (chat-object.ts) drives
// it: how a message names its session and learner, what its commands are, and how to send text, a
// lesson, buttons, and the answers to a click. The object itself has no platform branches; a platform
// is one folder under src/platforms/ (its webhook routes, its payloads, its API client and this adapter)
// plus one line in registry.ts (registered-platform.ts).
import type { Tenant } from "../lib/tenant";
import type { ChatCommand } from "./chat-commands";
import type { ChatPhrases } from "./chat-phrases";
import type { Unreadable } from "./unreadable-message";

/** The shapes one platform works with; each is a JSON object carrying `platform`. */
export interface PlatformShapes {
  /** What names the conversation's Durable Object (a Telegram chat, a Slack channel). */
  address: { platform: string };
  /**
   * A person's message, as the webhook reduced it: the address, where to answer, the text, and a photo or
   * file they sent (`image`, the platform's handle to download it), or `unseenImage` when they sent one the
   * model cannot see (MODEL_VISION off); `unreadable` when it is something the bot does not read (a voice
   * note, an edit), which the conversation answers with why instead of acting on it. `album` when it is one
   * piece of what the person sent as one (a Telegram album): the conversation holds it until the album is
   * complete, then acts on the album as one message, its photos as `images`, in order (src/channels/chat-albums.ts).
   * `appJoined` when it is no person's message but the app itself added (back) to the conversation (Slack's
   * member_joined_channel): the courses that gave the conversation up take it back (src/channels/chat-course-resume.ts).
   * `publicName` when a course may name the conversation by a name besides its id (a public Telegram chat's
   * "@username"): its /start takes back what courses gave up under that name too.
   */
  message: {
    platform: string;
    text: string;
    by?: string;
    language?: string;
    image?: ChatImage;
    images?: ChatImage[];
    unseenImage?: boolean;
    unreadable?: Unreadable;
    album?: ChatAlbum;
    appJoined?: true;
    publicName?: string;
  };
  /** Where a reply goes. */
  target: { platform: string };
  /** Where a clicked button's message is, and how to answer the person who clicked. */
  button: { platform: string };
}

/** A file a person sent, by the platform's handle (a Telegram file_id, a Slack url_private). */
export interface ChatImage {
  ref: string;
  /** Its size as the platform announced it, when it did. */
  bytes?: number;
}

/**
 * One piece of an album: `id` is the album's (the same on all its pieces), `order` the piece's place in it, and
 * `waitMs` how long after its last piece arrived the album counts as complete (the platform's setting).
 */
export interface ChatAlbum {
  id: string;
  order: number;
  waitMs: number;
}

/** A button under a message: `value` comes back in the click (at most 64 bytes: Telegram's callback_data). */
export interface ChatButton {
  label: string;
  value: string;
}

/** A message the bot sends, with rows of buttons. */
export interface OutgoingMessage {
  text: string;
  buttons?: ChatButton[][];
  /**
   * What the message is about, for formulas the chat cannot show (lesson-page-url.ts formulaNote): the page of
   * `lesson` (a quiz question's or verdict's, or the one an agent's reply saved last; its owner may read it) is linked
   * under it, else a note says they are shown as their source; either in `language` (absent: English).
   */
  about?: { lesson?: { key: string; owner: Tenant }; language?: string };
}

/**
 * Where a message sent in parts resumes: the parts before `from` went out earlier (a chat job taken up again after a
 * restart); `sent` is told each part's number as it goes out, with where follow-ups go (as send returns it).
 */
export interface SentParts<T> {
  from: number;
  sent: (parts: number, next: T) => void;
}

/** A saved lesson as a chat shows it (a Markdown document on Telegram, text in the thread on Slack). */
export interface LessonFile {
  key: string;
  title: string;
  markdown: string;
  /** The language of its headings (a vocabulary's tag), when known: the links under it are in it. */
  language?: string;
  /** Its share token, which the link to the page carries (lessons saved before share links have none). */
  share?: string;
}

/** A click on one of the bot's buttons, as the webhook reduced it. */
export interface ChatClick<P extends PlatformShapes = PlatformShapes> {
  address: P["address"];
  /** The button's value: an approval, quiz or input button (the object tells them apart). */
  value: string;
  /** Recorded in the session's trace: "telegram:<user id>", "slack:<user id>". */
  by: string;
  /** How a decision names the person in the chat ("@ada", "<@U123>"). */
  who: string;
  /** The person's language, when the platform says it with the click (Telegram's language_code). */
  language?: string;
  at: P["button"];
}

/** A place a course delivers to: a chat or channel of one platform (a course's `deliver` entry). */
export interface DeliveryEntry {
  platform: string;
  to: string | number;
}

export interface ChatPlatform<P extends PlatformShapes = PlatformShapes> {
  /** The tenant its sessions, courses and learners belong to (src/lib/tenant.ts). */
  readonly tenant: Tenant;
  /**
   * The language of the person behind a message or click (an IETF tag), which the bot answers in
   * (chat-phrases.ts): what the platform said with it, or what it says when asked; undefined for English.
   */
  language(of: { by?: string; language?: string }): Promise<string | undefined>;
  /** A message's command, its fixed answers in `say`'s language; anything that is not one is `ask`. */
  parseCommand(text: string, say: ChatPhrases): ChatCommand;
  /** The session a message's run goes to (before any /new). */
  sessionId(m: P["message"]): string;
  /** The learner of a conversation: whose answers its quizzes record and whose quiz it goes on with (stable across /new). */
  learnerId(a: P["address"]): string;
  /**
   * Where the answer to a message goes. The same for every message of a conversation, and the same as clickTarget
   * under what was sent there (field for field, in one order): an MCP server's form is asked and answered there.
   */
  replyTarget(m: P["message"]): P["target"];
  /** Where what a click leads to goes (the clicked message's chat or thread). */
  clickTarget(at: P["button"]): P["target"];
  /** Where a course asked for in this conversation delivers its lessons. */
  courseDelivery(a: P["address"]): DeliveryEntry;
  /** Shows that the bot is working; a no-op where the platform has no such thing. */
  typing(to: P["target"]): Promise<void>;
  /**
   * Sends a message (split to fit); returns where follow-ups go (Slack: the thread of the first message). With
   * `parts`, from its part `parts.from` on, each part told as it goes out (SentParts).
   */
  send(to: P["target"], message: OutgoingMessage, parts?: SentParts<P["target"]>): Promise<P["target"]>;
  /**
   * Sends the lesson in its parts (Telegram: its text, then its document), from part `from` on, telling
   * `sent` each part's number as it arrives: a course's retry sends only the parts that did not.
   */
  sendLesson(to: P["target"], lesson: LessonFile, from?: number, sent?: (parts: number) => void): Promise<void>;
  /** The bytes of a file a person sent; FileTooLargeError past `maxBytes` (read no further). */
  downloadImage(image: ChatImage, maxBytes: number): Promise<Uint8Array>;
  /** The prompt of one approval with Allow / Deny / Always allow (approval-buttons.ts). */
  approvalButtons(to: P["target"], prompt: string, approvalId: string, say: ChatPhrases): Promise<void>;
  /** After a decision: tells the person who clicked, and shows `note` in place of the buttons. */
  approvalDecided(at: P["button"], prompt: string, note: string, confirmation: string): Promise<void>;
  /** Tells only the person who clicked why the click did nothing. */
  refuseClick(at: P["button"], text: string): Promise<void>;
  /** Ends a click's loading state where the platform shows one. */
  acknowledgeClick(at: P["button"]): Promise<void>;
}
