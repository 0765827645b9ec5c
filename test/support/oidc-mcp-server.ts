// panva's oidc-provider as a real authorization server in front of a small MCP server: dynamic
// registration, PKCE, resource indicators (the MCP server is the resource, scope `mcp:tools`), opaque
// access tokens, refresh and RFC 7009 revocation, its in-memory store (a restart forgets every client),
// and its development login and consent pages, which `signInThroughOidc` walks as a browser would. The
// MCP server answers 401 with `scope="mcp:tools"` and publishes protected resource metadata without
// `scopes_supported`, so a client must take the scope from the challenge; oidc-provider refuses an
// authorization that asks for no scope of the resource.
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { readBody } from "./scripted-model";
import { startTestMcpServer, type TestMcpServer } from "./mcp-test-server";

export const OIDC_MCP_SCOPE = "mcp:tools";

export interface OidcMcpServer {
  /** The MCP endpoint. */
  url: string;
  issuer: string;
  /** Stops oidc-provider and starts a new one on the same port that knows no client, grant or token. */
  restartAuthorizationServer(): Promise<void>;
  close(): Promise<void>;
}

function newProvider(issuer: string, resource: string): Provider {
  return new Provider(issuer, {
    features: {
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new Error(`unknown resource ${indicator}`);
          return { scope: OIDC_MCP_SCOPE, audience: resource, accessTokenFormat: "opaque" as const };
        },
      },
    },
    scopes: ["openid", "offline_access", OIDC_MCP_SCOPE],
    pkce: { required: () => true },
    // Refresh tokens for every code grant (not only with offline_access), as MCP clients expect.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
  });
}

export async function startOidcMcpServer(): Promise<OidcMcpServer> {
  const asHttp = createServer();
  await new Promise<void>((r) => asHttp.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(asHttp.address() as AddressInfo).port}`;
  let mcp: TestMcpServer | undefined;
  const guard = createServer();
  await new Promise<void>((r) => guard.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(guard.address() as AddressInfo).port}/mcp`;
  let provider = newProvider(issuer, url);
  asHttp.on("request", (req, res) => provider.callback()(req, res));

  mcp = await startTestMcpServer({ tools: [{ name: "read_note", description: "Reads the user's note." }] });
  const metadataPath = "/.well-known/oauth-protected-resource/mcp";
  guard.on("request", async (req, res) => {
    if (req.url === metadataPath) {
      // No scopes_supported: the scope is only in the challenge.
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ resource: url, authorization_servers: [issuer] }));
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const found = token ? await provider.AccessToken.find(token) : undefined;
    if (!found || !found.scopes.has(OIDC_MCP_SCOPE)) {
      return void res
        .writeHead(401, { "www-authenticate": `Bearer resource_metadata="${url.replace("/mcp", metadataPath)}", scope="${OIDC_MCP_SCOPE}"` })
        .end();
    }
    // Past the guard: the request goes on to the MCP server as it came.
    const body = req.method === "POST" ? await readBody(req) : undefined;
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k, v]) => typeof v === "string" && k !== "host" && k !== "content-length"),
    ) as Record<string, string>;
    const answer = await fetch(mcp!.url, { method: req.method, headers, ...(body !== undefined && { body }) });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    if (!answer.body) return void res.end();
    for await (const chunk of answer.body) res.write(chunk);
    res.end();
  });

  return {
    url,
    issuer,
    async restartAuthorizationServer() {
      provider = newProvider(issuer, url);
    },
    async close() {
      for (const s of [asHttp, guard] as HttpServer[]) {
        s.closeAllConnections();
        await new Promise<void>((r) => s.close(() => r()));
      }
      await mcp?.close();
    },
  };
}

/**
 * The user's browser at oidc-provider: opens `authorizationUrl`, follows redirects with its cookies, signs
 * in on the development login page (any login), approves on its consent page, and stops at the first
 * redirect to `stopAt`'s origin (the client's callback), which it returns.
 */
export async function signInThroughOidc(authorizationUrl: string, stopAt: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const jar = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  let next: { url: URL; init: RequestInit } = { url: new URL(authorizationUrl), init: {} };
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(next.url, { ...next.init, redirect: "manual", headers: { ...(next.init.headers as Record<string, string>), cookie: jar() } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get("location");
    if (location) {
      const to = new URL(location, next.url);
      if (to.origin === new URL(stopAt).origin) return to;
      next = { url: to, init: {} };
      continue;
    }
    const page = await res.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"/.exec(page);
    if (!form)
      throw new Error(`oidc-provider answered ${res.status} without a form or redirect: ${page.replace(/<style>[\s\S]*<\/style>/, "").slice(0, 1500)}`);
    const fields = new URLSearchParams([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (page.includes('name="login"')) (fields.set("login", "ada"), fields.set("password", "any"));
    next = {
      url: new URL(form[1]!.replace(/&amp;/g, "&"), next.url),
      init: { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: fields.toString() },
    };
  }
  throw new Error("too many hops at the authorization server");
}
