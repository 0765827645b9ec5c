// The SSRF rule: every non-public address in every spelling is refused, public ones pass, and
// safeFetch applies the rule to each redirect hop (over real HTTP on 127.0.0.1).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchError, safeFetch } from "../../src/tools/safe-fetch";
import { checkUrl } from "../../src/tools/ssrf";
import { startPageServer, type PageServer } from "../support/page-server";

const REFUSED = [
  // loopback, as the URL parser meets it
  "http://127.0.0.1/",
  "http://127.0.0.1./",
  "http://127.0.0.1../",
  "http://127.0.0.1.../x",
  "http://0x7f.1../",
  "http://10.0.0.1../",
  "http://localhost../",
  "http://127.1/",
  "http://127.0.1/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0x7f.0.0.1/",
  "http://0x7F.1/",
  "http://0177.0.0.1/",
  "http://017700000001/",
  "http://%31%32%37.0.0.1/",
  "http://１２７.０.０.１/",
  "http://127.255.255.254:8080/admin",
  "http://example.com@127.0.0.1/",
  "https://user:secret@127.0.0.1/",
  // names
  "http://localhost/",
  "http://LOCALHOST./",
  "http://api.localhost/",
  "http://printer.local/",
  "http://metadata.google.internal/computeMetadata/v1/",
  "http://router.home.arpa/",
  "http://intranet/",
  // cloud metadata and link-local
  "http://169.254.169.254/latest/meta-data/",
  "http://0xa9fea9fe/",
  "http://2852039166/",
  "http://169.254.0.1/",
  // private, CGNAT, unspecified, multicast, broadcast
  "http://10.0.0.1/",
  "http://10.255.255.255/",
  "http://012.0.0.1/",
  "http://172.16.0.1/",
  "http://172.31.255.255/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://100.127.255.255/",
  "http://0.0.0.0/",
  "http://0/",
  "http://224.0.0.1/",
  "http://239.255.255.250/",
  "http://255.255.255.255/",
  // IPv6
  "http://[::1]/",
  "http://[0:0:0:0:0:0:0:1]/",
  "http://[::]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[::ffff:169.254.169.254]/",
  "http://[::ffff:a9fe:a9fe]/",
  "http://[::ffff:10.0.0.1]/",
  "http://[::ffff:0:127.0.0.1]/",
  "http://[::127.0.0.1]/",
  "http://[64:ff9b::127.0.0.1]/",
  "http://[64:ff9b::a9fe:a9fe]/",
  "http://[2002:7f00:1::]/",
  "http://[2002:c0a8:101::1]/",
  "http://[fc00::1]/",
  "http://[fd12:3456:789a::1]/",
  "http://[fe80::1]/",
  "http://[febf::1]/",
  "http://[ff02::1]/",
  // schemes that are not the web
  "file:///etc/passwd",
  "ftp://example.com/file",
  "gopher://example.com/",
  "javascript:alert(1)",
  "data:text/html,<p>hi</p>",
  "ws://example.com/socket",
  // not URLs at all
  "//example.com/",
  "example.com",
  "http://",
];

const ACCEPTED = [
  "https://example.com/",
  "https://en.wikipedia.org/wiki/Calculus",
  "http://93.184.216.34/",
  "http://8.8.8.8:8080/x?y=1",
  "http://172.32.0.1/",
  "http://172.15.255.255/",
  "http://100.128.0.1/",
  "http://11.0.0.1/",
  "http://[2606:4700:4700::1111]/",
  "http://[::ffff:8.8.8.8]/",
  "http://[2002:808:808::1]/",
  "https://xn--bcher-kva.example/",
  "https://localhost.example.com/",
  "https://internal.example.com/",
];

describe("checkUrl without allowPrivate", () => {
  it.each(REFUSED)("refuses %s", (url) => {
    const r = checkUrl(url, { allowPrivate: false });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason.length).toBeGreaterThan(10);
  });

  it.each(ACCEPTED)("accepts %s", (url) => {
    expect(checkUrl(url, { allowPrivate: false })).toMatchObject({ ok: true });
  });

  it("covers at least 30 refused spellings", () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(30);
  });

  it("names the canonical address and what it is", () => {
    expect(checkUrl("http://0x7f.1/", { allowPrivate: false })).toEqual({
      ok: false,
      reason: "127.0.0.1 is a loopback address; only public addresses may be fetched",
    });
    const mapped = checkUrl("http://[::ffff:169.254.169.254]/", { allowPrivate: false });
    expect(mapped.ok || mapped.reason).toMatch(/IPv4-mapped form of a link-local address/);
  });
});

describe("checkUrl with allowPrivate", () => {
  it("lets loopback, private and local names through", () => {
    for (const url of ["http://127.0.0.1:8787/", "http://localhost/", "http://[::1]/", "http://10.0.0.1/"]) {
      expect(checkUrl(url, { allowPrivate: true }).ok).toBe(true);
    }
  });

  it("still refuses cloud metadata, link-local, unspecified and multicast addresses", () => {
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[fe80::1]/",
      "http://0.0.0.0/",
      "http://[::]/",
      "http://224.0.0.1/",
      "http://[::ffff:169.254.169.254]/",
    ]) {
      expect(checkUrl(url, { allowPrivate: true }).ok).toBe(false);
    }
  });

  it.each([
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://METADATA.google.internal./",
    "http://metadata/computeMetadata/v1/",
    "http://metadata.goog/",
    "http://instance-data.ec2.internal/latest/meta-data/",
    "http://instance-data/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://[fd00:0ec2:0:0:0:0:0:254]/",
    "http://100.100.100.200/latest/meta-data/",
    "http://100.100.100.200../",
    "http://169.254.169.254../",
  ])("refuses the cloud metadata service %s whatever ALLOW_PRIVATE_FETCH says", (url) => {
    for (const allowPrivate of [true, false]) {
      const r = checkUrl(url, { allowPrivate });
      expect(r.ok).toBe(false);
    }
  });

  it("names the canonical host of a name with trailing dots", () => {
    expect(checkUrl("http://127.0.0.1../", { allowPrivate: false })).toEqual({
      ok: false,
      reason: "127.0.0.1 is a loopback address; only public addresses may be fetched",
    });
    expect(checkUrl("http://metadata.google.internal/", { allowPrivate: true })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("cloud metadata"),
    });
  });

  it("still refuses schemes other than http and https", () => {
    for (const url of ["file:///etc/passwd", "ftp://127.0.0.1/", "data:text/plain,x"]) {
      expect(checkUrl(url, { allowPrivate: true }).ok).toBe(false);
    }
  });
});

describe("safeFetch redirects", () => {
  let server: PageServer;
  // A public name that "resolves" to the local server, so the first hop passes the address rule
  // without allowPrivate while the test still speaks real HTTP.
  const PUBLIC = "http://public.example.com";
  const viaPublicName: typeof fetch = (input, init) => fetch(String(input).replace(PUBLIC, server.origin), init);
  const options = { allowPrivate: false, maxBytes: 1 << 20, timeoutMs: 5_000, fetch: viaPublicName };
  const redirect =
    (location: string, status = 302) =>
    (_: unknown, res: import("node:http").ServerResponse) =>
      void res.writeHead(status, { location }).end();

  beforeAll(async () => {
    server = await startPageServer({
      "/to-loopback": (_, res) => redirect(`${server.origin}/secret`)(_, res),
      "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
      "/to-mapped": redirect("http://[::ffff:7f00:1]/secret"),
      "/to-file": redirect("file:///etc/passwd"),
      "/hop1": redirect("/hop2", 301),
      "/hop2": redirect(`${PUBLIC}/hop3`, 307),
      "/hop3": redirect("/final", 308),
      "/final": (req, res) => void res.writeHead(200, { "content-type": "text/plain" }).end(`final ${req.method}`),
      "/loop": redirect("/loop"),
      "/post-303": redirect("/echo", 303),
      "/echo": (req, res) =>
        void res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ method: req.method, body: req.body, auth: req.headers.authorization ?? null })),
      "/to-other-origin": redirect("http://other.example.org/echo"),
      "/secret": (_, res) => void res.writeHead(200).end("secret"),
    });
  });
  afterAll(() => server.close());

  it.each(["/to-loopback", "/to-metadata", "/to-mapped", "/to-file"])("refuses the hop of %s", async (path) => {
    const err = await safeFetch(`${PUBLIC}${path}`, options).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).code).toBe("refused");
    expect((err as FetchError).message).toMatch(/^redirect refused: /);
    expect(server.requests.some((r) => r.url === "/secret")).toBe(false);
  });

  it("follows relative, absolute and 307/308 hops to the end", async () => {
    const res = await safeFetch(`${PUBLIC}/hop1`, options);
    expect(res).toMatchObject({ finalUrl: `${PUBLIC}/final`, status: 200, text: "final GET", truncated: false });
  });

  it("stops after maxRedirects hops", async () => {
    const err = await safeFetch(`${PUBLIC}/loop`, { ...options, maxRedirects: 3 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "redirects", message: "more than 3 redirects" });
    expect(server.requests.filter((r) => r.url === "/loop")).toHaveLength(4);
  });

  it("turns a POST into a GET without body after 303", async () => {
    const res = await safeFetch(`${PUBLIC}/post-303`, { ...options, method: "POST", body: "q=1" });
    expect(JSON.parse(res.text)).toMatchObject({ method: "GET", body: "" });
  });

  it("keeps credentials on the same origin and drops them on another", async () => {
    const headers = { authorization: "Bearer k" };
    const same = await safeFetch(`${PUBLIC}/echo`, { ...options, headers });
    expect(JSON.parse(same.text).auth).toBe("Bearer k");
    const other: typeof fetch = (input, init) => viaPublicName(String(input).replace("http://other.example.org", PUBLIC), init);
    const moved = await safeFetch(`${PUBLIC}/to-other-origin`, { ...options, headers, fetch: other });
    expect(moved.finalUrl).toBe("http://other.example.org/echo");
    expect(JSON.parse(moved.text).auth).toBeNull();
  });

  it("refuses the loopback server itself without allowPrivate, before any request", async () => {
    const before = server.requests.length;
    const err = await safeFetch(server.url("/secret"), { ...options, fetch }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "refused" });
    expect(server.requests.length).toBe(before);
  });
});
