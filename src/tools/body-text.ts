// A fetched body's text, decoded chunk by chunk as it arrives (safe-fetch.ts): decoding a megabyte page at
// once cost workerd twice the CPU. The charset is the one the server declared, else a <meta charset> in the
// body's first KB, else UTF-8; without a declared one, the first KB is held back until the charset is known.

/** Bytes a <meta charset> is looked for in when the server declared none. */
const SNIFFED_BYTES = 1024;

export class BodyText {
  private decoder: TextDecoder | undefined;
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private readonly parts: string[] = [];

  constructor(contentType: string | null) {
    const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
    if (declared) this.decoder = decoderFor(declared);
  }

  add(chunk: Uint8Array): void {
    if (this.decoder) {
      this.parts.push(this.decoder.decode(chunk, { stream: true }));
      return;
    }
    this.held.push(chunk);
    this.heldBytes += chunk.byteLength;
    if (this.heldBytes >= SNIFFED_BYTES) this.decoder = this.release();
  }

  /** The whole text; a sequence cut short at the end reads as U+FFFD, as decoding the bytes at once gives. */
  end(): string {
    const decoder = this.decoder ?? this.release();
    this.parts.push(decoder.decode());
    return this.parts.join("");
  }

  /** Picks the charset from the held bytes, decodes them, and answers the decoder for the rest. */
  private release(): TextDecoder {
    const head = new Uint8Array(this.heldBytes);
    let at = 0;
    for (const c of this.held) {
      head.set(c, at);
      at += c.byteLength;
    }
    this.held = [];
    const meta = /<meta[^<>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(String.fromCharCode(...head.subarray(0, SNIFFED_BYTES)))?.[1];
    const decoder = decoderFor(meta ?? "utf-8");
    this.parts.push(decoder.decode(head, { stream: true }));
    return decoder;
  }
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder("utf-8");
  }
}
