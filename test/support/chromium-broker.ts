// Lends out one Chromium for the whole test run: global-setup.ts runs it in vitest's main process, and
// launchChromium() (chromium.ts) asks it for the browser's WebSocket address and connects there. The first ask
// starts the browser (a run with no browser test starts none); later ones, from any test file or worker
// process, get the same one. Some 40 files each launched their own: launch, page and close took 1.6 s where
// connect, page and close take 0.4 s (medians, 2 cores at load 14).
// Each connection gets its own browser contexts, which Playwright closes when that connection goes, so files
// keep apart as they did with browsers of their own. If the browser dies or hangs, the next ask starts another.
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserServer } from "playwright-core";
import { listenLocal, type LocalServer } from "./local-server";

export const CHROMIUM = "/usr/bin/chromium";

/** The flags every test's Chromium runs with: headless, no sandbox (root in a container), nothing talking home. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];

/** The running browser, and the broker's own connection to it. */
interface SharedChromium {
  server: BrowserServer;
  probe: Browser;
}

/** How long the browser may take to answer the probe before it counts as hung and is replaced. */
const PROBE_TIMEOUT_MS = 20_000;

export class ChromiumBroker {
  private shared: Promise<SharedChromium> | undefined;
  private local: LocalServer | undefined;

  /** On a free port; the address test files ask (GET it for `{ wsEndpoint }`). */
  async listen(): Promise<string> {
    this.local = await listenLocal((req, res) => {
      if (req.method !== "GET" || req.url !== "/") return void res.writeHead(404).end();
      this.browser().then(
        (server) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ wsEndpoint: server.wsEndpoint() })),
        (e: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(e instanceof Error ? e.message : String(e)),
      );
    });
    return `http://127.0.0.1:${this.local.port}/`;
  }

  /**
   * The browser, asked first whether it still answers: a file that saw it die may ask again before its process
   * is reaped, and Playwright's server would then take a connection to the dead browser.
   */
  private async browser(): Promise<BrowserServer> {
    const current = this.shared;
    if (!current) return (await this.launch()).server;
    const shared = await current;
    if (await answers(shared.probe)) return shared.server;
    if (this.shared === current) {
      this.shared = undefined;
      // Said, not hidden: the files using it fail on their own; later ones get a new browser.
      console.error("The shared Chromium stopped answering; the next browser test starts another.");
      void shared.server.close().catch(() => undefined);
    }
    return this.browser();
  }

  private launch(): Promise<SharedChromium> {
    const launched = (async () => {
      const server = await launchChromiumServer();
      try {
        return { server, probe: await chromium.connect(server.wsEndpoint()) };
      } catch (e) {
        await server.close();
        throw e;
      }
    })();
    this.shared = launched;
    // A launch that failed is not kept: the next ask tries again (and reports its own failure).
    launched.catch(() => this.shared === launched && (this.shared = undefined));
    return launched;
  }

  async close(): Promise<void> {
    await this.local?.close();
    await this.shared?.then(
      (s) => s.server.close(),
      () => undefined,
    );
  }
}

/** A round trip to the browser process itself, not only to Playwright's server in front of it. */
async function answers(probe: Browser): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)));
  const roundTrip = probe.newBrowserCDPSession().then(
    (session) => session.detach().then(() => true),
    () => false,
  );
  try {
    return await Promise.race([roundTrip, hung]);
  } finally {
    clearTimeout(timer);
  }
}

function launchChromiumServer(): Promise<BrowserServer> {
  if (!existsSync(CHROMIUM)) {
    return Promise.reject(
      new Error(
        `Debian's chromium is missing at ${CHROMIUM}: install it with \`apt-get update && apt-get install -y chromium\` (npm test's pretest does it when run as root).`,
      ),
    );
  }
  // host: loopback only; the default listens on every address.
  return chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, host: "127.0.0.1" });
}
