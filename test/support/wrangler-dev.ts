// Starts the Worker under `wrangler dev` (the production runtime, workerd, with the real wrangler.toml:
// assets, Durable Objects, R2) for end-to-end tests from Node: on a free port, with vars laid over the
// config, state persisted to a fresh temp dir, ready once /healthz answers. stop() ends it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "./free-port";

const ROOT = resolve(import.meta.dirname, "../..");
const WRANGLER = join(ROOT, "node_modules/wrangler/bin/wrangler.js");
/** Node's on-disk cache of compiled JavaScript (Node's own default place): wrangler is ~10 MB of it, compiled
 * again by each start without it. It caches only V8's code for unchanged files, so the Worker and wrangler's
 * behaviour are the same; it saves ~0.15 s of CPU a start (of ~3 s). A NODE_COMPILE_CACHE of the caller's wins, and
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off. */
const COMPILE_CACHE = join(tmpdir(), "node-compile-cache");

export interface WranglerDevOptions {
  /** Vars and secrets for the Worker, over wrangler.toml's [vars] (`--var NAME:VALUE`). */
  vars?: Record<string, string>;
  /** More `wrangler dev` arguments, e.g. ["--test-scheduled"]. */
  args?: string[];
  /** How long startup may take (it builds the assets and bundles the Worker). */
  timeoutMs?: number;
  /** Persist state here, and keep it after stop(): a second start on it is the same Worker restarted. */
  stateDir?: string;
  /** Environment variables for wrangler itself (not the Worker's vars). */
  env?: Record<string, string>;
  /** The address to listen on (`--ip`): 127.0.0.1 unless a test needs clients from elsewhere (0.0.0.0). */
  ip?: string;
}

export interface WranglerDev {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  /** What wrangler printed so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash would; persisted state stays. */
  kill(): Promise<void>;
}

/** Starts in a row that lose a port race: free ports are picked before wrangler binds them, so two starting at once can pick the same. */
const PORT_RACE_RETRIES = 3;

export async function startWranglerDev(opts: WranglerDevOptions = {}): Promise<WranglerDev> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts);
    } catch (e) {
      if (attempt >= PORT_RACE_RETRIES || !(e instanceof PortTakenError)) throw e;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(opts: WranglerDevOptions): Promise<WranglerDev> {
  const port = await freePort();
  const stateDir = opts.stateDir ?? mkdtempSync(join(tmpdir(), "wrangler-dev-"));
  // An env file of our own keeps a developer's .dev.vars and .env out of the test.
  const envFile = join(stateDir, "empty.env");
  writeFileSync(envFile, "");
  const args = [
    WRANGLER,
    "dev",
    "--ip",
    opts.ip ?? "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(await freePort()),
    "--show-interactive-dev-session=false",
    "--persist-to",
    join(stateDir, "state"),
    "--env-file",
    envFile,
    ...Object.entries(opts.vars ?? {}).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ...(opts.args ?? []),
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // Its own process group, so stop() ends wrangler and the workerd it started together.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      NODE_COMPILE_CACHE: COMPILE_CACHE,
      ...process.env,
      ...opts.env,
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_HIDE_BANNER: "true",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      NO_COLOR: "1",
      CI: "true",
    },
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await endProcessGroup(child);
    if (!opts.stateDir) rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(url, child, opts.timeoutMs ?? 60_000, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, output: () => output, stop, kill: () => endProcessGroup(child, "SIGKILL") };
}

async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const message = `wrangler dev exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`;
      throw output().includes("Address already in use") ? new PortTakenError(message) : new Error(message);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`wrangler dev did not answer /healthz within ${timeoutMs} ms:\n${output()}`);
}

async function endProcessGroup(child: ChildProcess, first: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  signal(first);
  const timer = setTimeout(() => signal("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}
