// The parts of a Telegram Update the bot reads (https://core.telegram.org/bots/api#update). Loose on
// purpose: unknown fields pass, and `chat.type` is optional because older examples and some clients
// leave it out. Handled: messages from people (text, or a photo or file with its caption), what people
// send that the bot cannot read (a voice note, a sticker, a location…) and their edits, which are
// answered with why (unreadable-message.ts), and clicks on the bot's buttons (callback_query: approvals,
// the quiz, inputs). Everything else (service messages such as a member joining, channel posts) is
// acknowledged and dropped. A message or clicked message in a forum topic (is_topic_message) carries its
// topic (message_thread_id), which is a conversation of its own; a reply thread's message_thread_id in a
// group without topics (no is_topic_message) is not, and the message belongs to the chat. The photos of an
// album arrive as separate messages sharing media_group_id (the caption on one of them); each is marked as a
// piece of its album, which the chat's object holds until the album is complete and then reads as one message.
import * as z from "zod";
import type { ChatClick } from "../chat-platform";
import type { UnreadableAttachment } from "../unreadable-message";
import type { TelegramShapes } from "./telegram-platform";

/** The fields of a message that carry something the bot does not read, and what kind of thing each is. */
const UNREADABLE_FIELDS = {
  voice: "attachmentVoice",
  audio: "attachmentAudio",
  video: "attachmentVideo",
  video_note: "attachmentVideoNote",
  sticker: "attachmentSticker",
  venue: "attachmentLocation",
  location: "attachmentLocation",
  contact: "attachmentContact",
  poll: "attachmentPoll",
  dice: "attachmentDice",
  game: "attachmentGame",
  story: "attachmentStory",
} as const satisfies Record<string, UnreadableAttachment>;

type UnreadableField = keyof typeof UNREADABLE_FIELDS;
const UNREADABLE_FIELD_NAMES = Object.keys(UNREADABLE_FIELDS) as UnreadableField[];

/** Each of those fields, whatever it holds. */
const unreadableShape = () =>
  Object.fromEntries(UNREADABLE_FIELD_NAMES.map((field) => [field, z.unknown().optional()])) as Record<UnreadableField, z.ZodOptional<z.ZodUnknown>>;

/**
 * Where a message is: its chat, and in a forum its topic (https://core.telegram.org/bots/api#message). A public
 * chat's `username` (without the @) is what a course may name it by instead of its id.
 */
const placed = {
  message_id: z.number().int(),
  chat: z.object({ id: z.number().int(), type: z.string().optional(), username: z.string().optional() }),
  message_thread_id: z.number().int().optional(),
  is_topic_message: z.boolean().optional(),
};

const TelegramMessage = z.object({
  ...placed,
  // language_code: the person's app language (an IETF tag), which the bot answers in (chat-phrases.ts); any
  // string is taken (an odd one gets English), so no update is refused for it.
  from: z.object({ id: z.number().int(), is_bot: z.boolean().optional(), language_code: z.string().optional() }).optional(),
  text: z.string().optional(),
  caption: z.string().optional(),
  // A photo comes in several sizes, smallest first; a file sent as a document may be an image too.
  photo: z.array(z.object({ file_id: z.string().min(1), file_size: z.number().int().optional() })).optional(),
  document: z.object({ file_id: z.string().min(1), file_size: z.number().int().optional() }).optional(),
  // The album the message is a photo (or file, video…) of.
  media_group_id: z.string().optional(),
  ...unreadableShape(),
});
type TelegramMessage = z.output<typeof TelegramMessage>;

export const TelegramUpdate = z.object({
  update_id: z.number().int().nonnegative(),
  message: TelegramMessage.optional(),
  // Delivered when setWebhook's allowed_updates lists it (docs/telegram.md does).
  edited_message: TelegramMessage.optional(),
  callback_query: z
    .object({
      id: z.string().min(1),
      from: z.object({
        id: z.number().int(),
        first_name: z.string().optional(),
        username: z.string().optional(),
        language_code: z.string().optional(),
      }),
      // Absent for buttons under inline-mode messages, which the bot never sends.
      message: z.object(placed).optional(),
      data: z.string().optional(),
    })
    .optional(),
});

export type TelegramUpdate = z.output<typeof TelegramUpdate>;

/**
 * A person's text, or photo (the largest size) or file with its caption; something they sent that the bot
 * cannot read, or an edit of a text, as an unreadable message; undefined for anything else. A piece of an
 * album is marked as one, complete `albumWaitMs` after its last piece arrived (TELEGRAM_ALBUM_WAIT_MS).
 */
export function telegramChatMessage(update: TelegramUpdate, albumWaitMs: number): TelegramShapes["message"] | undefined {
  const edited = update.edited_message;
  // A live location is "edited" every few seconds; only an edit of words is the person's.
  if (edited) return fromPerson(edited) && (edited.text ?? edited.caption) ? { ...from(edited), text: "", unreadable: { kind: "edit" } } : undefined;
  const m = update.message;
  if (!m || !fromPerson(m)) return undefined;
  const field = UNREADABLE_FIELD_NAMES.find((f) => m[f] !== undefined);
  const album = m.media_group_id === undefined ? {} : { album: { id: m.media_group_id, order: m.message_id, waitMs: albumWaitMs } };
  // Its caption (a voice note's "what does she say?") is about what the bot cannot read, so it is not asked alone.
  if (field) return { ...from(m), text: "", unreadable: { kind: "attachment", what: UNREADABLE_FIELDS[field] }, ...album };
  const file = m.photo?.at(-1) ?? m.document;
  const text = m.text ?? m.caption ?? "";
  if (!text.trim() && !file) return undefined;
  return {
    ...from(m),
    // A photo without a caption: the conversation asks about it in the person's language (chat-phrases.ts).
    text,
    ...(file ? { image: { ref: file.file_id, ...(file.file_size !== undefined ? { bytes: file.file_size } : {}) } } : {}),
    ...album,
  };
}

const fromPerson = (m: TelegramMessage) => m.from?.is_bot !== true;

/** The topic a message is in: its message_thread_id when Telegram says it was sent to a forum topic, else none. */
const topic = (m: { message_thread_id?: number | undefined; is_topic_message?: boolean | undefined }) =>
  m.is_topic_message === true && m.message_thread_id !== undefined ? { threadId: m.message_thread_id } : {};

const from = (m: TelegramMessage) => ({
  platform: "telegram" as const,
  chatId: m.chat.id,
  ...topic(m),
  ...(m.from ? { by: `telegram:${m.from.id}` } : {}),
  ...(m.from?.language_code ? { language: m.from.language_code } : {}),
  // A private chat's username is the person's, which no bot can send to (only a channel's or supergroup's).
  ...(m.chat.username && m.chat.type !== "private" ? { publicName: `@${m.chat.username}` } : {}),
});

/** A click on one of the bot's buttons (its callback_data is the button's value); undefined for any other callback. */
export function telegramClick(update: TelegramUpdate): ChatClick<TelegramShapes> | undefined {
  const q = update.callback_query;
  if (!q?.message || !q.data) return undefined;
  const chatId = q.message.chat.id;
  const where = topic(q.message);
  const who = q.from.username ? `@${q.from.username}` : (q.from.first_name ?? `user ${q.from.id}`);
  return {
    address: { platform: "telegram", chatId, ...where },
    value: q.data,
    by: `telegram:${q.from.id}`,
    who,
    ...(q.from.language_code ? { language: q.from.language_code } : {}),
    at: { platform: "telegram", chatId, ...where, messageId: q.message.message_id, callbackQueryId: q.id },
  };
}
