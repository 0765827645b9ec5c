// The images one model call shows: the conversation's most recent ones, at most `max`. Each image shown
// is read from the caller's store and sent whole (base64) with every call, costs the model hundreds of
// tokens (tokens.ts), and some servers take very few per request (vLLM's --limit-mm-per-prompt); so an
// older image is not shown again. In what the model sees it becomes a line naming it, so the model knows
// it was there. The stored history keeps every image.
import type { ImageRef, Message, SummaryMessage, UserMessage } from "../messages";

/** What the model reads in place of an image it is no longer shown. */
export const olderImage = (i: ImageRef): string =>
  `[An earlier image was attached here (${i.key}, ${i.mediaType}); it is no longer shown: only the conversation's most recent images are. Ask the user to send it again if you need to see it.]`;

/** A message with its older images as lines, kept per message (and which of its images it hides): a run's steps reuse it, and its wire JSON. */
const withOlderImages = new WeakMap<Message, { hidden: string; copy: Message }>();

/**
 * `view` showing only the `max` most recent images (each image once: an older repeat of one shown later
 * is a line too). `view` itself when it shows no more; otherwise a new array, in which only the messages
 * with an image to hide are copies.
 */
export function showRecentImages(view: Message[], max: number): Message[] {
  const shown = new Set<string>();
  let out: Message[] | undefined;
  for (let at = view.length - 1; at >= 0; at--) {
    const m = view[at]!;
    if ((m.role !== "user" && m.role !== "summary") || !m.images?.length) continue;
    let hidden = "";
    for (let k = m.images.length - 1; k >= 0; k--) {
      const key = m.images[k]!.key;
      if (!shown.has(key) && shown.size < max) shown.add(key);
      else hidden += `${k},`;
    }
    if (!hidden) continue;
    out ??= [...view];
    out[at] = olderImagesAsLines(m, hidden);
  }
  return out ?? view;
}

function olderImagesAsLines(m: UserMessage | SummaryMessage, hidden: string): Message {
  const kept = withOlderImages.get(m);
  if (kept?.hidden === hidden) return kept.copy;
  const images = m.images ?? [];
  const hide = new Set(hidden.split(",").filter(Boolean).map(Number));
  const lines = images.filter((_, k) => hide.has(k)).map(olderImage);
  const rest = images.filter((_, k) => !hide.has(k));
  const { images: _all, ...text } = m;
  const copy = { ...text, content: [m.content, ...lines].filter(Boolean).join("\n"), ...(rest.length ? { images: rest } : {}) } as Message;
  withOlderImages.set(m, { hidden, copy });
  return copy;
}
