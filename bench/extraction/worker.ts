// A Worker for the extraction benchmark: POST a page's HTML to /extract?n=N&prune=0|1 and it runs the
// product's extraction N times (n=0: reads the body only, the baseline to subtract). /prune runs only the
// HTMLRewriter step and /parse the prune step and linkedom's parse, so the bench can say where the time goes.
import { DOMParser } from "linkedom";
import { extractArticle } from "../../src/tools/extract";
import { prunePage } from "../../src/tools/prune-page";

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "GET") return new Response("ok"); // wrangler-dev.ts waits for /healthz
    const n = Number(url.searchParams.get("n") ?? "1");
    const prune = url.searchParams.get("prune") !== "0";
    const html = await request.text();
    if (url.pathname === "/prune") {
      let out = "";
      for (let i = 0; i < n; i++) out = await prunePage(html);
      return new Response(out);
    }
    if (url.pathname === "/parse") {
      let title = "";
      for (let i = 0; i < n; i++) title = new DOMParser().parseFromString(await prunePage(html), "text/html").title;
      return new Response(title);
    }
    let content = "";
    for (let i = 0; i < n; i++) content = extractArticle(prune ? await prunePage(html) : html, "http://fakehost/test/page.html").content;
    return new Response(content);
  },
};
