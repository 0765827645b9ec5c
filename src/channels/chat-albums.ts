// Albums: what a person sends as one but the platform delivers in pieces (Telegram sends each photo of an
// album as an update of its own, all with the album's media_group_id, the caption on one of them). The
// conversation's object holds each piece (a "held" job, chat-store.ts: its delivery id still makes a retry a
// no-op) until the album is complete, `waitMs` after its last piece arrived, when its alarm starts the album
// as one message: the pieces' words as its text, their photos in the album's order as its images. The
// images' limits (MAX_IMAGES among them) apply as for any message when they are stored (chat-images.ts). A
// piece the bot cannot read (a video in the album) makes the whole album unread, answered with why.
import type { ChatAlbum, PlatformShapes } from "../platforms/chat-platform";
import type { ChatJob } from "./chat-store";

type Message = PlatformShapes["message"];

/** The album a message is a piece of, if any. */
export const albumOf = (m: Message): ChatAlbum | undefined => m.album;

/** The albums held, each its pieces (in arrival order) and when it is complete (epoch ms). */
export function heldAlbums(held: ReadonlyArray<ChatJob & { receivedAt: number }>): Array<{ pieces: ChatJob[]; completeAt: number }> {
  const albums = new Map<string, { pieces: ChatJob[]; completeAt: number }>();
  for (const piece of held) {
    const album = albumOf(piece.message);
    const key = `${piece.message.platform}:${album?.id ?? piece.seq}`;
    const entry = albums.get(key) ?? { pieces: [], completeAt: 0 };
    entry.pieces.push(piece);
    entry.completeAt = Math.max(entry.completeAt, piece.receivedAt + (album?.waitMs ?? 0));
    albums.set(key, entry);
  }
  return [...albums.values()];
}

/** An album's pieces as one message: the first piece's sender and place, every piece's words, every photo in order. */
export function albumMessage<M extends Message>(pieces: readonly M[]): M {
  const inOrder = [...pieces].sort((a, b) => (a.album?.order ?? 0) - (b.album?.order ?? 0));
  const { album: _album, image: _image, unseenImage: _unseen, unreadable: _unreadable, ...first } = inOrder[0]!;
  const unreadable = inOrder.find((p) => p.unreadable)?.unreadable;
  if (unreadable) return { ...first, text: "", unreadable } as M;
  const text = inOrder
    .map((p) => p.text)
    .filter((t) => t.trim())
    .join("\n\n");
  // The webhook marks every photo unseen when the model cannot see: the album is answered once that it cannot.
  if (inOrder.some((p) => p.unseenImage)) return { ...first, text, unseenImage: true } as M;
  return { ...first, text, images: inOrder.flatMap((p) => (p.image ? [p.image] : [])) } as M;
}
