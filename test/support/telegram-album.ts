// A Telegram album for tests inside workerd: its photos (PNGs no other test sends) offered by the fake Bot
// API, and the updates Telegram would deliver for it, one per photo, all with the album's media_group_id.
import { uniquePng } from "./images";
import { offerFile } from "./platform-control";
import { inAlbum, telegramPhotoUpdate } from "./telegram-requests";
import { uniqueId } from "./worker-http";

/**
 * An album of `count` photos in chat `chatId`, `caption` on photo `captionOn` (the first unless given). The
 * photos' message ids follow the album's order, as Telegram numbers them.
 */
export async function telegramAlbum(chatId: number, count: number, opts: { caption?: string; captionOn?: number } = {}) {
  const pngs = Array.from({ length: count }, () => uniquePng());
  const fileIds = pngs.map(() => uniqueId("album-photo"));
  await Promise.all(fileIds.map((id, i) => offerFile(id, pngs[i]!)));
  const mediaGroupId = uniqueId("album");
  const updates = fileIds.map((id, i) => {
    const caption = opts.caption !== undefined && i === (opts.captionOn ?? 0) ? { caption: opts.caption } : {};
    const update = inAlbum(telegramPhotoUpdate(chatId, id, { fileSize: pngs[i]!.length, ...caption }), mediaGroupId);
    return { ...update, message: { ...update.message, message_id: 1_000 + i } };
  });
  return { pngs, fileIds, mediaGroupId, updates };
}
