// Chat Completions `stop`: the reply's text ends before the first stop sequence, as a model's would. The agent
// writes over several calls, so the sequences are not sent upstream (they could cut a tool call's arguments);
// its text is cut here instead, as it streams: a tail that may be the start of a sequence waits for the next piece.
import * as z from "zod";

/** At most 4 sequences, as OpenAI takes them. */
export const Stop = z.union([z.string().min(1), z.array(z.string().min(1)).max(4, "at most 4 stop sequences")]).nullish();

export const stopSequences = (stop: z.output<typeof Stop>): string[] => (stop == null ? [] : typeof stop === "string" ? [stop] : stop);

export class StopCut {
  private held = "";
  /** A sequence was met: nothing more is sent. */
  cut = false;

  constructor(private readonly stops: readonly string[]) {}

  /** What of `piece` may be sent now. */
  push(piece: string): string {
    if (this.cut) return "";
    const text = this.held + piece;
    const at = Math.min(...this.stops.map((s) => text.indexOf(s)).filter((i) => i >= 0));
    if (Number.isFinite(at)) {
      this.cut = true;
      this.held = "";
      return text.slice(0, at);
    }
    const tail = this.openTail(text);
    this.held = text.slice(text.length - tail);
    return text.slice(0, text.length - tail);
  }

  /** The held tail, once the text it might continue has ended. */
  flush(): string {
    const rest = this.held;
    this.held = "";
    return rest;
  }

  /** The length of the longest end of `text` that a stop sequence starts with. */
  private openTail(text: string): number {
    let longest = 0;
    for (const s of this.stops)
      for (let n = Math.min(s.length - 1, text.length); n > longest; n--)
        if (text.endsWith(s.slice(0, n))) {
          longest = n;
          break;
        }
    return longest;
  }
}
