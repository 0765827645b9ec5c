// A real HTTP server on 127.0.0.1 for the web tool tests: routes by path, a record of every request
// (with its body), and a streaming body whose server side knows how much it sent and whether the
// client hung up early. Fake search providers are routes of it too.
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenLocal } from "./local-server";

export interface SeenRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type Route = (req: SeenRequest, res: ServerResponse) => void | Promise<void>;

export interface PageServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  url(path: string): string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts a server answering `routes[pathname]` (404 otherwise), on `port` or a free one. */
export async function startPageServer(routes: Record<string, Route>, port = 0): Promise<PageServer> {
  const requests: SeenRequest[] = [];
  const local = await listenLocal(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const seen = { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
    requests.push(seen);
    const route = routes[new URL(seen.url, "http://x").pathname];
    if (!route) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    await route(seen, res);
  }, port);
  const origin = `http://127.0.0.1:${local.port}`;
  return { origin, url: (path) => origin + path, requests, close: local.close };
}

export interface StreamStats {
  sentBytes: number;
  /** The client closed the connection before the whole body was written. */
  closedEarly: boolean;
  done: Promise<void>;
}

/** Writes `totalBytes` of filler HTML in `chunkBytes` pieces, waiting for the socket to drain. */
export function streamBody(res: ServerResponse, totalBytes: number, chunkBytes = 64 * 1024): StreamStats {
  const stats = { sentBytes: 0, closedEarly: false } as StreamStats;
  const chunk = Buffer.from(`<p>${"lorem ipsum ".repeat(Math.ceil(chunkBytes / 12))}`.slice(0, chunkBytes - 4) + "</p>");
  stats.done = new Promise<void>((resolve) => {
    res.on("close", () => {
      stats.closedEarly = stats.sentBytes < totalBytes;
      resolve();
    });
  });
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": String(totalBytes) });
  const pump = () => {
    while (stats.sentBytes < totalBytes && !res.destroyed) {
      const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - stats.sentBytes));
      stats.sentBytes += piece.length;
      if (!res.write(piece)) return void res.once("drain", pump);
    }
    if (!res.destroyed) res.end();
  };
  pump();
  return stats;
}

/** A `fetch` that counts the body bytes its caller actually pulls (no read-ahead buffering). */
export function countingFetch(): { fetch: typeof fetch; pulled: () => number } {
  let pulled = 0;
  const counting: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (!res.body) return res;
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          pulled += value.byteLength;
          controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: res.status, headers: res.headers });
  };
  return { fetch: counting, pulled: () => pulled };
}
