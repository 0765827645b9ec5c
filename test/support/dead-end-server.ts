import { createServer, type Server } from "node:net";

/**
 * An address where no MCP server answers: it holds its port (so no other process of a parallel test run
 * can take it and answer, as a merely free port could) and resets every connection as it arrives.
 */
export interface DeadEndServer {
  url: string;
  close: () => Promise<void>;
}

export async function startDeadEndServer(): Promise<DeadEndServer> {
  const server: Server = createServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((resolve, reject) => {
    server.on("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
