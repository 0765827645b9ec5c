// Debian's Chromium driven by playwright-core, for the browser tests, and the strict
// Content-Security-Policy the web page must work under (no inline script or style, connect-src 'self').
import { chromium, type Browser } from "playwright-core";
import { inject } from "vitest";

export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's ChromiumBroker (chromium-broker.ts) answers; global-setup.ts provides it. */
    chromiumBroker: string;
  }
}

/** How long a connection to the shared browser may take before the test is told, rather than left hanging. */
const CONNECT_TIMEOUT_MS = 30_000;

/**
 * A connection to the run's one Chromium (chromium-broker.ts). Its `close()` closes this connection and the
 * contexts and pages made through it, not the browser. Pages are new contexts, so nothing (cookies, storage,
 * downloads) is shared with other files. A download's `path()` throws here: read it with `downloadedText`.
 */
export async function launchChromium(): Promise<Browser> {
  const broker = inject("chromiumBroker");
  if (!broker) throw new Error("no shared Chromium: run the browser tests through vitest (test/support/global-setup.ts starts its broker)");
  const res = await fetch(broker).catch((e: unknown) => {
    throw new Error(`the shared Chromium's broker at ${broker} did not answer (has vitest's main process gone?)`, { cause: e });
  });
  if (!res.ok) throw new Error(`the shared Chromium did not start:\n${await res.text()}`);
  const { wsEndpoint } = (await res.json()) as { wsEndpoint: string };
  try {
    return await chromium.connect(wsEndpoint, { timeout: CONNECT_TIMEOUT_MS });
  } catch (e) {
    throw new Error(`could not connect to the shared Chromium at ${wsEndpoint}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}
