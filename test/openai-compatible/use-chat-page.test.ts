// A tiny React page on @ai-sdk/react's useChat (test/fixtures/use-chat-page, bundled by vite) in headless
// Chromium against POST /v1/ui/chat under wrangler dev: send a message, see the streamed text and the tool
// part, press Approve (addToolApprovalResponse + the automatic resend), see the tool's output and the answer.
import { readFile } from "node:fs/promises";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/chromium";
import { listenLocal, type LocalServer } from "../support/local-server";
import { ScriptedModel } from "../support/scripted-model";
import { ASK_PREFIX, TEST_PERMISSIONS } from "../support/trust-fixtures";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";
import { FIXTURES } from "../support/paths";

const PAGE = resolve(FIXTURES, "use-chat-page");
const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript" };

let model: ScriptedModel;
let worker: WranglerDev | undefined;
let site: LocalServer | undefined;
let browser: Browser | undefined;
let outDir: string;

/** The built page, and /v1/* passed through to the Worker, on one origin (as a real app would deploy it). */
async function serve(): Promise<LocalServer> {
  return listenLocal(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname.startsWith("/v1/")) {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const upstream = await fetch(worker!.url + url.pathname, {
        method: req.method,
        headers: { "content-type": req.headers["content-type"] ?? "application/json" },
        body: Buffer.concat(chunks),
      });
      res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
      for await (const piece of upstream.body!) res.write(piece);
      return void res.end();
    }
    if (url.pathname === "/favicon.ico") return void res.writeHead(204).end();
    const file = url.pathname === "/" ? "index.html" : url.pathname.slice(1);
    try {
      const body = await readFile(join(outDir, file));
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

describe("a useChat page against /v1/ui/chat", () => {
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), "use-chat-page-"));
    model = await new ScriptedModel().listen();
    [worker, browser] = await Promise.all([
      startWranglerDev({
        vars: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: model.baseURL, MODEL: "scripted-model", PERMISSIONS: JSON.stringify(TEST_PERMISSIONS) },
      }),
      launchChromium(),
      build({ root: PAGE, configFile: false, logLevel: "error", build: { outDir, emptyOutDir: true, minify: false } }),
    ]);
    site = await serve();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await worker?.stop();
    await model?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it("sends, streams text and tool parts, and approves a tool call", { timeout: 60_000 }, async () => {
    const marker = model.script("use-chat", [
      { text: "Let me add them.", toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] },
      { text: "The sum is 1112, as the calculator says.", pieces: 8, chunkDelayMs: 80 },
    ]);
    const page = await browser!.newPage();
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(`http://127.0.0.1:${site!.port}/?chat=use-chat-${Date.now()}`);
    await page.getByLabel("Message").fill(`${marker} Add 1111 and 1`);
    await page.getByRole("button", { name: "Send" }).click();

    await expect.poll(() => page.locator("li.assistant .text").first().textContent(), { timeout: 15_000 }).toBe("Let me add them.");
    const tool = page.locator('li.assistant [data-tool="calculate"]');
    await expect.poll(() => tool.getAttribute("data-state"), { timeout: 15_000 }).toBe("approval-requested");
    await tool.getByRole("button", { name: "Approve" }).click();

    await expect.poll(() => tool.getAttribute("data-state"), { timeout: 15_000 }).toBe("output-available");
    expect(await tool.locator(".output").textContent()).toContain("1112");
    await expect.poll(() => page.locator("li.assistant .text").allTextContents(), { timeout: 15_000 }).toContain("The sum is 1112, as the calculator says.");
    await expect.poll(() => page.locator("#status").textContent()).toBe("ready");
    expect(problems).toEqual([]);
    await page.close();
  });
});
