// What a course's `deliver` entry may name on Telegram (`to`), checked when the course is created: a chat Telegram
// can never have (0, a topic 0, an id past 52 bits) was accepted and given up at its first lesson, and a second
// spelling of one chat ("042", "+42", " 42" for 42) was stored as given, so chat 42's /start did not find it.
// Only the spelling Telegram gives is taken, so every new target is one key (chatKeyOf).
import * as z from "zod";

/** Bot API, Chat.id: "at most 52 significant bits"; negative for groups, -100… for supergroups and channels. */
const isChatId = (id: number) => Number.isInteger(id) && id !== 0 && Math.abs(id) < 2 ** 52;

/**
 * A chat id, or "<chat id>/<topic id>", exactly as Telegram gives them (no sign, zero or space of its own). A topic id
 * (message_thread_id) is a message id: a positive 32-bit integer (no topic: NaN, which is not past it).
 */
function isCanonical(to: string): boolean {
  const m = /^(-?[1-9]\d*)(?:\/([1-9]\d*))?$/.exec(to);
  return m !== null && isChatId(Number(m[1])) && !(Number(m[2]) >= 2 ** 31);
}

/** A public chat's @username: 5–32 letters, digits and underscores, from a letter (a collectible one has 4). */
const USERNAME = /^@[A-Za-z]\w{3,31}$/;

const LOOKS_LIKE =
  'a chat id as Telegram gives it (123456789; negative for a group, -100… for a supergroup or channel), a topic as "<chat id>/<topic id>", or a public chat\'s @username';

export const telegramDeliveryTo = z.union([z.number(), z.string()]).superRefine((to, ctx) => {
  if (typeof to === "number" ? isChatId(to) : USERNAME.test(to) || isCanonical(to)) return;
  // One chat's other spelling (spaces around it, a plus, leading zeros) names the one Telegram gives, to send instead.
  const canonical = String(to)
    .trim()
    .replace(/^\+/, "")
    .replace(/(^-?|\/)0+(?=\d)/g, "$1");
  ctx.addIssue({
    code: "custom",
    message: typeof to === "string" && isCanonical(canonical) ? `write the chat id as Telegram gives it: ${canonical}` : `must be ${LOOKS_LIKE}`,
  });
});
