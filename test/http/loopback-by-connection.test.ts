// "Loopback only" is decided by the connection. With no API_TOKEN and `wrangler dev --ip 0.0.0.0` (a
// container, a Codespace), a client reaching the Worker over this machine's network address is refused
// however it dresses the request: Host: localhost (the repro), Host: evil.com#@localhost, its own
// CF-Connecting-IP or X-Forwarded-For saying 127.0.0.1. A client on loopback is answered as the admin,
// as the README's curl examples need.
import { request } from "node:http";
import { networkInterfaces } from "node:os";
import { beforeAll, describe, expect, it } from "vitest";
import { BARE_WORKER, sharedWranglerDev } from "../support/shared-wrangler-dev";

let port: number;

beforeAll(async () => {
  port = Number(new URL((await sharedWranglerDev(BARE_WORKER)).url).port);
}, 120_000);

/** This machine's first non-loopback IPv4 address: connecting to it from here, the client's address is that one too. */
function networkAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal);
  if (!found) throw new Error("this machine has no non-loopback IPv4 address to connect from");
  return found.address;
}

/** A request over node:http, which sends the Host header as given (fetch() would not). */
function send(address: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: address, port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("wrangler dev on 0.0.0.0 with no API_TOKEN", () => {
  it("answers a client on loopback as the admin", async () => {
    const res = await send("127.0.0.1", "GET", "/v1/sessions/loopback-probe");
    expect(res.status, res.body).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: "not_found" } });
  });

  it("refuses a client from the network address, whatever Host or client-address headers it sends; nothing is created", async () => {
    const address = networkAddress();
    const dresses: Array<Record<string, string>> = [
      {},
      { host: "localhost" },
      { host: `localhost:${port}` },
      { host: "127.0.0.1" },
      { host: "[::1]" },
      { "cf-connecting-ip": "127.0.0.1" },
      { "cf-connecting-ip": "::1", host: "localhost" },
      { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1", host: "localhost" },
      // wrangler dev reads this Host as the URL http://evil.com/ (the path is lost): it never reaches /v1.
      { host: "evil.com#@localhost" },
    ];
    for (const [i, headers] of dresses.entries()) {
      const id = `loopback-spoof-${Date.now()}-${i}`;
      const res = await send(address, "POST", "/v1/sessions", { ...headers, "content-type": "application/json" }, JSON.stringify({ id }));
      const what = `${JSON.stringify(headers)}: ${res.status} ${res.body.slice(0, 200)}`;
      if (headers.host !== "evil.com#@localhost") {
        expect(res.status, what).toBe(401);
        expect(JSON.parse(res.body), what).toMatchObject({ error: { code: "api_token_required" } });
      } else expect(res.status, what).not.toBe(201);
      expect((await send("127.0.0.1", "GET", `/v1/sessions/${id}`)).status, `${what}: a session was created`).toBe(404);
    }
    // Nothing else is closed for it: the health check answers.
    expect((await send(address, "GET", "/healthz")).status).toBe(200);
  });
});
