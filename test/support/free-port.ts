import { createServer } from "node:net";

/** The ports handed out in this process: the kernel may offer a closed port again, and two servers then clash. */
const handedOut = new Set<number>();

/** A TCP port on 127.0.0.1 that was free a moment ago, and not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await unusedPort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
