// fetch_webpage decodes a page chunk by chunk as it arrives (src/tools/safe-fetch.ts): characters split
// between chunks, a byte-order mark split between them, a <meta charset> found only after the first tiny
// chunks were held back, and a cut at the byte cap inside a character all read as the whole body would.
// Each case runs on a byte stream (what a fetch body is: read in filled reads of 64 KB) and on a plain
// stream (read chunk by chunk as it comes); the byte stream's reads are checked at their edges too.
import { describe, expect, it } from "vitest";
import { createFetchWebpageTool } from "../../src/tools/fetch-webpage";
import { callTool } from "../support/run-tool";

type StreamKind = "bytes" | "plain";

/** A fetch answering every URL with `bytes`, sent in pieces of `size` bytes (the last piece shorter), as a byte stream or a plain one. */
function chunkedFetch(bytes: Uint8Array, size: number, contentType: string, kind: StreamKind): typeof fetch {
  return async () => {
    let at = 0;
    const body =
      kind === "bytes"
        ? new ReadableStream({
            type: "bytes",
            pull(controller) {
              if (at < bytes.length) return controller.enqueue(bytes.slice(at, (at += size)));
              controller.close();
              // As a byte source must once closed (a fetch body's does): a read still waiting for its
              // `min` then gets the bytes it has.
              controller.byobRequest?.respond(0);
            },
          })
        : new ReadableStream<Uint8Array>({
            pull(controller) {
              if (at < bytes.length) return controller.enqueue(bytes.slice(at, (at += size)));
              controller.close();
            },
          });
    return new Response(body, { headers: { "content-type": contentType } });
  };
}

async function read(bytes: Uint8Array, size: number, contentType: string, { kind, maxBytes = 1024 * 1024 }: { kind: StreamKind; maxBytes?: number }) {
  const tool = createFetchWebpageTool({
    allowPrivate: true,
    maxBytes,
    timeoutMs: 3_000,
    maxChars: 1_000_000,
    fetch: chunkedFetch(bytes, size, contentType, kind),
  });
  const r = await callTool(tool, { url: "http://127.0.0.1/page" });
  expect(r.status).toBe("success");
  return JSON.parse(r.content) as { content: string; truncated: boolean };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const TEXT = "Ein Übungsblatt zur Ableitung: f′(x) = 3x² — 日本語の説明も、ελληνικά και emoji 🧮 inclus.";

describe.each(["bytes", "plain"] as const)("fetch_webpage decoding chunk by chunk, from a %s stream", (kind) => {
  it.each([1, 2, 3, 5, 7, 64])("reads UTF-8 split every %i bytes, characters cut between chunks included", async (size) => {
    expect((await read(utf8(TEXT), size, "text/plain; charset=utf-8", { kind })).content).toBe(TEXT);
  });

  it("drops a byte-order mark split between the first chunks", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(TEXT)]);
    expect((await read(bytes, 2, "text/plain; charset=utf-8", { kind })).content).toBe(TEXT);
  });

  it("finds a <meta charset> after holding back the first chunks, and decodes all of them by it", async () => {
    const page = `<!doctype html><html><head><meta charset="windows-1252"><title>Caf\xe9</title></head><body><p>Cr\xe8me br\xfbl\xe9e, na\xefve r\xe9sum\xe9.</p></body></html>`;
    const bytes = Uint8Array.from(page, (c) => c.charCodeAt(0));
    for (const size of [3, 40, 4096]) {
      const { content } = await read(bytes, size, "text/html", { kind });
      expect(content, `pieces of ${size}`).toContain("Crème brûlée, naïve résumé.");
    }
  });

  it("without a charset anywhere reads UTF-8, however short the body", async () => {
    expect((await read(utf8("ça"), 1, "text/plain", { kind })).content).toBe("ça");
    expect((await read(new Uint8Array(), 1, "text/plain", { kind })).content).toBe("");
  });

  it("ends a body cut at the byte cap inside a character as decoding the cut bytes at once does", async () => {
    const bytes = utf8("x".repeat(9) + "é and more");
    const { content, truncated } = await read(bytes, 4, "text/plain; charset=utf-8", { kind, maxBytes: 10 });
    expect(truncated).toBe(true);
    expect(content.startsWith(new TextDecoder().decode(bytes.subarray(0, 10)))).toBe(true);
    expect(content.startsWith("x".repeat(9) + "\ufffd")).toBe(true);
  });

  // 200 KB in pieces of 4 KB, as a fetch body comes: the byte stream's reads of 64 KB span many pieces,
  // and its last read is cut short by the body's end.
  const LONG = utf8(Array.from({ length: 4000 }, (_, i) => `Zeile ${i}: ∫ f′(x) dx — 練習 ${i}\n`).join(""));

  it("reads a long body whole, its last read cut short by the body's end", async () => {
    const { content, truncated } = await read(LONG, 4096, "text/plain; charset=utf-8", { kind });
    expect(truncated).toBe(false);
    expect(content).toBe(new TextDecoder().decode(LONG));
  });

  it.each([
    ["at the body's length", 0, false],
    ["one byte short of it", -1, true],
    ["at a read's edge", 65536 - LONG.length, true],
    ["one byte past a read's edge", 65537 - LONG.length, true],
  ])("caps a long body %s", async (_what, fromLength, truncated) => {
    const maxBytes = LONG.length + fromLength;
    const r = await read(LONG, 4096, "text/plain; charset=utf-8", { kind, maxBytes });
    expect(r.truncated).toBe(truncated);
    const note = truncated ? `\n\n[… page truncated at ${maxBytes} bytes …]` : "";
    expect(r.content).toBe(new TextDecoder().decode(LONG.subarray(0, maxBytes)) + note);
  });
});
