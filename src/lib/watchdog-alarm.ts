// The watchdog alarm the Session and Chat Durable Objects share: while work is open the alarm fires
// every WATCHDOG_MS to pick up what a restart interrupted; otherwise it is set for the next time
// something is due (an approval's expiry, a webhook retry, a paused job's look), or not at all.

/** How often a watchdog looks for interrupted work while some is open. */
export const WATCHDOG_MS = 30_000;

/**
 * Sets the object's alarm for the watchdog's next look (while `working`) or the earliest of `due`,
 * whichever is sooner; with nothing open and nothing due it clears the alarm, so a finished run leaves no
 * invocation behind (an alarm that would wake the object, often cold, only to find nothing to do).
 */
export async function armWatchdog(storage: DurableObjectStorage, working: boolean, ...due: Array<number | undefined>): Promise<void> {
  const at = Math.min(working ? Date.now() + WATCHDOG_MS : Infinity, ...due.map((t) => t ?? Infinity));
  if (at !== Infinity) await storage.setAlarm(at);
  else await storage.deleteAlarm();
}
