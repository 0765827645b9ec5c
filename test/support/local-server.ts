// An HTTP server on 127.0.0.1 for the test fakes: listen on a port (or a free one), close at once
// (open keep-alive connections included).
import { createServer, type RequestListener, type Server } from "node:http";

export interface LocalServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export async function listenLocal(handler: RequestListener, port = 0): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    server,
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
