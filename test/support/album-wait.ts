// For tests inside workerd: the wait of the Telegram albums a chat's object holds (TELEGRAM_ALBUM_WAIT_MS after
// an album's last photo, src/channels/chat-albums.ts), moved on by the test instead of slept through. The photos
// held are dated earlier in the object's SQLite, as if they had arrived that long ago, and the object's alarm (the
// one that starts complete albums) is run at once. Tests of the wait's timing itself use the alarm's real time.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";

const chatObject = (chat: number) => env.CHATS.getByName(`telegram:${chat}`);

/** Dates the photos held in `chat` `ms` earlier; returns how many are held. */
export function backdateHeldPhotos(chat: number, ms: number): Promise<number> {
  return runInDurableObject(chatObject(chat), (_o, state) => {
    const held = state.storage.sql.exec<{ seq: number; received_at: string }>("SELECT seq, received_at FROM jobs WHERE state = 'held'").toArray();
    for (const { seq, received_at } of held) {
      const earlier = new Date(Date.parse(received_at) - ms).toISOString();
      state.storage.sql.exec("UPDATE jobs SET received_at = ? WHERE seq = ?", earlier, seq);
    }
    return held.length;
  });
}

/** How many photos `chat` holds, and when its alarm is set (epoch ms; null: none). */
export function heldPhotos(chat: number): Promise<{ held: number; alarmAt: number | null; lastReceivedAt: number | null }> {
  return runInDurableObject(chatObject(chat), async (_o, state) => {
    const rows = state.storage.sql.exec<{ received_at: string }>("SELECT received_at FROM jobs WHERE state = 'held'").toArray();
    const last = rows.length ? Math.max(...rows.map((r) => Date.parse(r.received_at))) : null;
    return { held: rows.length, alarmAt: await state.storage.getAlarm(), lastReceivedAt: last };
  });
}

/** Runs the chat's alarm now (the watchdog that starts complete albums); false when none was set. */
export const runChatAlarm = (chat: number): Promise<boolean> => runDurableObjectAlarm(chatObject(chat));

/**
 * Ends the wait of every album `chat` holds now: as if its last photo arrived longer ago than any wait the setting
 * allows (30 s), then the alarm starts it. Returns how many photos were held (0: their wait had already ended).
 */
export async function endAlbumWait(chat: number): Promise<number> {
  const held = await backdateHeldPhotos(chat, 60_000);
  await runChatAlarm(chat);
  return held;
}
