// A Worker for the extraction benchmark: POST a page's HTML to /extract?n=N&prune=product|htmlrewriter|none
// and it runs the extraction N times (n=0: reads the body only, the baseline to subtract); it answers with
// the article's text, or with its length only (&reply=length: the timed calls, so the answer's size costs
// nothing on its way back through wrangler's proxy). /prune runs only the prune step and /parse the prune
// step and linkedom's parse, so the bench can say where the time goes; both answer with a length too.
import { DOMParser } from "linkedom";
import { extractArticle } from "../../src/tools/extract";
import { prunePage } from "../../src/tools/prune-page";
import { htmlRewriterPrune } from "./htmlrewriter-prune";

const PRUNES: Record<string, (html: string) => string | Promise<string>> = { product: prunePage, htmlrewriter: htmlRewriterPrune, none: (html) => html };

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "GET") return new Response("ok"); // wrangler-dev.ts waits for /healthz
    const n = Number(url.searchParams.get("n") ?? "1");
    const prune = PRUNES[url.searchParams.get("prune") ?? "product"]!;
    const html = await request.text();
    let out = "";
    for (let i = 0; i < n; i++) {
      if (url.pathname === "/prune") out = String((await prune(html)).length);
      else if (url.pathname === "/parse") out = new DOMParser().parseFromString(await prune(html), "text/html").title;
      else out = extractArticle(await prune(html), "http://fakehost/test/page.html").content;
    }
    return new Response(url.searchParams.get("reply") === "length" ? String(out.length) : out);
  },
};
