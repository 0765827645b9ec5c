// What a course's `deliver` entry may name on Telegram (`to`), checked when the course is created: a chat Telegram
// can never have (0, a topic 0, an id past 52 bits) was accepted and given up at its first lesson, and a second
// spelling of one chat ("042", "+42", " 42" for 42) was stored as given, so chat 42's /start did not find it.
// Only the spelling Telegram gives is taken, so every new target is one key (chatKeyOf). The rules are the web
// page's too (public/js/delivery-target.js), which says a refusal in the page's language.
import * as z from "zod";
import { isTelegramChatId, telegramTargetProblem } from "../../../public/js/delivery-target.js";

const LOOKS_LIKE =
  'a chat id as Telegram gives it (123456789; negative for a group, -100… for a supergroup or channel), a topic as "<chat id>/<topic id>", or a public chat\'s @username';

export const telegramDeliveryTo = z.union([z.number(), z.string()]).superRefine((to, ctx) => {
  if (typeof to === "number" ? isTelegramChatId(to) : !telegramTargetProblem(to)) return;
  // One chat's other spelling (spaces around it, a plus, leading zeros) names the one Telegram gives, to send instead.
  const trimmed = String(to).trim();
  const fix = typeof to === "string" ? (telegramTargetProblem(trimmed) ?? { fix: trimmed }).fix : undefined;
  ctx.addIssue({ code: "custom", message: fix ? `write the chat id as Telegram gives it: ${fix}` : `must be ${LOOKS_LIKE}` });
});
