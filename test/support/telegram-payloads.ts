// Telegram updates as Telegram sends them to POST /telegram/webhook: text messages, photos (alone or in an album), what else a
// person sends (a voice note, a sticker), edits, and clicks on inline keyboard buttons (callback queries);
// any of them in a forum topic or a group's reply thread. Plain builders, for tests in workerd and in Node alike.

/** The bot's username as the fake Bot API's getMe answers it (test/support/platform-fake.ts). */
export const TELEGRAM_BOT_USERNAME = "StudyAgentBot";

let nextUpdateId = Math.floor(Math.random() * 1e9);

/** A private-chat text message update (a fresh update_id unless given). */
export function telegramUpdate(chatId: number, text: string, updateId = nextUpdateId++) {
  return {
    update_id: updateId,
    message: {
      message_id: updateId % 100_000,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private", first_name: "Ada" },
      from: { id: chatId, is_bot: false, first_name: "Ada" },
      text,
    },
  };
}

/** A text message from a member of group `chatId` (a negative id, as Telegram gives groups). */
export function telegramGroupUpdate(chatId: number, text: string) {
  const update = telegramUpdate(chatId, text);
  return {
    ...update,
    message: { ...update.message, chat: { id: chatId, type: "group", title: "Study group" }, from: { id: 4242, is_bot: false, first_name: "Ada" } },
  };
}

/** A photo (its largest size `fileId`, of `fileSize` bytes) with an optional caption; `asDocument` sends it as a file instead. */
export function telegramPhotoUpdate(chatId: number, fileId: string, opts: { caption?: string; fileSize?: number; asDocument?: boolean } = {}) {
  const { text: _none, ...base } = telegramUpdate(chatId, "").message;
  const file = { file_id: fileId, file_unique_id: `u-${fileId}`, ...(opts.fileSize !== undefined ? { file_size: opts.fileSize } : {}) };
  const updateId = nextUpdateId++;
  return {
    update_id: updateId,
    message: {
      ...base,
      message_id: updateId % 100_000,
      ...(opts.caption ? { caption: opts.caption } : {}),
      ...(opts.asDocument
        ? { document: { ...file, file_name: "homework", mime_type: "application/octet-stream" } }
        : {
            photo: [
              { ...file, file_id: `${fileId}-small`, width: 90, height: 90 },
              { ...file, width: 1280, height: 960 },
            ],
          }),
    },
  };
}

/**
 * The photo update as one photo of an album: Telegram delivers each photo of an album as an update of its own,
 * all of them with the album's `media_group_id`, the caption (if any) on one of them.
 */
export function inAlbum<U extends { message: object }>(update: U, mediaGroupId: string): U {
  return { ...update, message: { ...update.message, media_group_id: mediaGroupId } };
}

/** A message carrying `field` (voice, sticker, location, poll…) with Telegram's `value` for it, and an optional caption. */
export function telegramAttachmentUpdate(chatId: number, field: string, value: unknown, caption?: string) {
  const { text: _none, ...message } = telegramUpdate(chatId, "").message;
  const updateId = nextUpdateId++;
  return { update_id: updateId, message: { ...message, message_id: updateId % 100_000, [field]: value, ...(caption ? { caption } : {}) } };
}

/** The person's edit of their earlier text message `messageId`, now reading `text`. */
export function telegramEditUpdate(chatId: number, messageId: number, text: string) {
  const { message } = telegramUpdate(chatId, text);
  return { update_id: nextUpdateId++, edited_message: { ...message, message_id: messageId, edit_date: message.date } };
}

/** A click on an inline keyboard button of message `messageId` in a private chat; the query id is `cb-<update id>`. */
export function callbackQueryUpdate(
  chatId: number,
  messageId: number,
  data: string,
  from = { id: chatId, first_name: "Ada", username: "ada" },
  updateId = nextUpdateId++,
) {
  return {
    update_id: updateId,
    callback_query: {
      id: `cb-${updateId}`,
      from: { ...from, is_bot: false },
      chat_instance: `ci-${chatId}`,
      message: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private" }, text: "(the prompt)" },
      data,
    },
  };
}

/** The update as sent by a person whose Telegram app is in `languageCode` (its message's or click's `from.language_code`). */
export function fromLanguage<U extends { message?: { from: object }; callback_query?: { from: object } }>(update: U, languageCode: string): U {
  const speaking = <T extends { from: object }>(x: T | undefined) => x && { ...x, from: { ...x.from, language_code: languageCode } };
  return {
    ...update,
    ...(update.message ? { message: speaking(update.message) } : {}),
    ...(update.callback_query ? { callback_query: speaking(update.callback_query) } : {}),
  };
}

/** A supergroup's id as Telegram gives it (-100…), no other test's. */
export const uniqueSupergroupId = () => -(1_000_000_000_000 + Math.floor(Math.random() * 900_000_000_000));

type Placed = { chat: object };

/**
 * The update (a message, an edit, or a click on a message) in topic `threadId` of a forum supergroup: Telegram
 * marks such a message `is_topic_message` with the topic's `message_thread_id`.
 */
export function inForumTopic<U extends { message?: Placed; edited_message?: Placed; callback_query?: { message: Placed } }>(update: U, threadId: number): U {
  return inSupergroup(update, { message_thread_id: threadId, is_topic_message: true }, { is_forum: true });
}

/** The update in a reply thread of a supergroup without topics: a `message_thread_id` (the thread's first message), no `is_topic_message`. */
export function inReplyThread<U extends { message?: Placed; edited_message?: Placed; callback_query?: { message: Placed } }>(update: U, threadId: number): U {
  return inSupergroup(update, { message_thread_id: threadId }, {});
}

function inSupergroup<U extends { message?: Placed; edited_message?: Placed; callback_query?: { message: Placed } }>(
  update: U,
  thread: Record<string, unknown>,
  forum: Record<string, unknown>,
): U {
  const place = <M extends Placed>(m: M) => ({ ...m, ...thread, chat: { ...m.chat, type: "supergroup", title: "Study forum", ...forum } });
  return {
    ...update,
    ...(update.message ? { message: place(update.message) } : {}),
    ...(update.edited_message ? { edited_message: place(update.edited_message) } : {}),
    ...(update.callback_query ? { callback_query: { ...update.callback_query, message: place(update.callback_query.message) } } : {}),
  };
}
