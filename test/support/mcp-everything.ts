// Starts the official MCP reference server (@modelcontextprotocol/server-everything) as a child
// process on a free port, in Streamable HTTP mode (endpoint /mcp) or legacy SSE mode (/sse), and
// resolves once it is listening.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { freePort } from "./free-port";

export type EverythingMode = "streamableHttp" | "sse";

export interface EverythingServer {
  port: number;
  /** The MCP endpoint: http://127.0.0.1:<port>/mcp or /sse. */
  url: string;
  /** Kills the process at once (SIGKILL), as a crash would; tests use it for both. */
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);
const entry = join(dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")), "dist/index.js");

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

/** `port`: listen there (a restart of an earlier server); default a free one. */
export async function startEverything(mode: EverythingMode, port?: number): Promise<EverythingServer> {
  port ??= await freePort();
  const child = spawn(process.execPath, [entry, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  // Both modes print their port on stderr once listening.
  await new Promise<void>((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start within 15 s:\n${log}`)), 15_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (/listening on port|running on port/i.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything ${mode} exited with ${code}:\n${log}`));
    });
  });
  const stop = async () => {
    child.kill("SIGKILL");
    await exited(child);
  };
  return { port, url: `http://127.0.0.1:${port}${mode === "sse" ? "/sse" : "/mcp"}`, stop };
}
