// fetch_webpage decodes a page chunk by chunk as it arrives (src/tools/safe-fetch.ts): characters split
// between chunks, a byte-order mark split between them, a <meta charset> found only after the first tiny
// chunks were held back, and a cut at the byte cap inside a character all read as the whole body would.
import { describe, expect, it } from "vitest";
import { createFetchWebpageTool } from "../../src/tools/fetch-webpage";
import { callTool } from "../support/run-tool";

/** A fetch answering every URL with `bytes`, sent in pieces of `size` bytes (the last piece shorter). */
function chunkedFetch(bytes: Uint8Array, size: number, contentType: string): typeof fetch {
  return async () => {
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, (at += size)));
      },
    });
    return new Response(body, { headers: { "content-type": contentType } });
  };
}

async function read(bytes: Uint8Array, size: number, contentType: string, maxBytes = 1024 * 1024) {
  const tool = createFetchWebpageTool({ allowPrivate: true, maxBytes, timeoutMs: 3_000, maxChars: 100_000, fetch: chunkedFetch(bytes, size, contentType) });
  const r = await callTool(tool, { url: "http://127.0.0.1/page" });
  expect(r.status).toBe("success");
  return JSON.parse(r.content) as { content: string; truncated: boolean };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const TEXT = "Ein Übungsblatt zur Ableitung: f′(x) = 3x² — 日本語の説明も、ελληνικά και emoji 🧮 inclus.";

describe("fetch_webpage decoding chunk by chunk", () => {
  it.each([1, 2, 3, 5, 7, 64])("reads UTF-8 split every %i bytes, characters cut between chunks included", async (size) => {
    expect((await read(utf8(TEXT), size, "text/plain; charset=utf-8")).content).toBe(TEXT);
  });

  it("drops a byte-order mark split between the first chunks", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(TEXT)]);
    expect((await read(bytes, 2, "text/plain; charset=utf-8")).content).toBe(TEXT);
  });

  it("finds a <meta charset> after holding back the first chunks, and decodes all of them by it", async () => {
    const page = `<!doctype html><html><head><meta charset="windows-1252"><title>Caf\xe9</title></head><body><p>Cr\xe8me br\xfbl\xe9e, na\xefve r\xe9sum\xe9.</p></body></html>`;
    const bytes = Uint8Array.from(page, (c) => c.charCodeAt(0));
    for (const size of [3, 40, 4096]) {
      const { content } = await read(bytes, size, "text/html");
      expect(content, `pieces of ${size}`).toContain("Crème brûlée, naïve résumé.");
    }
  });

  it("without a charset anywhere reads UTF-8, however short the body", async () => {
    expect((await read(utf8("ça"), 1, "text/plain")).content).toBe("ça");
    expect((await read(new Uint8Array(), 1, "text/plain")).content).toBe("");
  });

  it("ends a body cut at the byte cap inside a character as decoding the cut bytes at once does", async () => {
    const bytes = utf8("x".repeat(9) + "é and more");
    const { content, truncated } = await read(bytes, 4, "text/plain; charset=utf-8", 10);
    expect(truncated).toBe(true);
    expect(content.startsWith(new TextDecoder().decode(bytes.subarray(0, 10)))).toBe(true);
    expect(content.startsWith("x".repeat(9) + "\ufffd")).toBe(true);
  });
});
