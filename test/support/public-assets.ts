// The Worker's ASSETS binding for Node tests: serves public/ from disk by URL path, as wrangler's [assets] does
// (a missing file is 404), so code that reads a phrase book (src/lib/phrase-book.ts) or another asset reads the
// real file. The workers tests have the real binding (wrangler.toml).
import { readFile } from "node:fs/promises";
import { extname, relative } from "node:path";
import { fromRoot } from "./paths";

const PUBLIC = fromRoot("public");
const TYPES: Record<string, string> = {
  ".json": "application/json",
  ".js": "text/javascript",
  ".html": "text/html",
  ".css": "text/css",
  ".md": "text/markdown",
};

export const publicAssets = {
  async fetch(input: string | URL | Request): Promise<Response> {
    const { pathname } = new URL(input instanceof Request ? input.url : input);
    const path = fromRoot("public", decodeURIComponent(pathname).replace(/^\/+/, ""));
    if (relative(PUBLIC, path).startsWith("..")) return new Response("Not Found", { status: 404 });
    try {
      return new Response(await readFile(path), { headers: { "content-type": TYPES[extname(path)] ?? "application/octet-stream" } });
    } catch {
      return new Response("Not Found", { status: 404 });
    }
  },
} as unknown as Fetcher;
