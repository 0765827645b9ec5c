// The consent page of /mcp's OAuth (docs/mcp-server.md "Auth"): an MCP client (Claude's connector,
// ChatGPT, Claude Code, Cursor …) sends its user here to authorize it. The user pastes their API key
// (a tenant's key of API_KEYS, or the operator's API_TOKEN): the key signs the consent, and the grant
// acts for that key's tenant, so the client sees that tenant's lessons and sessions only. The key is
// checked and forgotten, never stored. CSRF: the form carries the library's single-use consent handle,
// bound to this browser by a SameSite cookie (beginConsent / approveConsent), so a form posted from
// another site or replayed does nothing.
import { AuthorizationError, type AuthRequest } from "@cloudflare/workers-oauth-provider";
import type { Context } from "hono";
import { Hono } from "hono/tiny";
import { html } from "hono/html";
import type { AppEnv } from "../http-kit/app-env";
import { httpSettings } from "../http-kit/settings";
import { keyOwner, type McpGrantProps } from "./auth";
import { grantUserId, MCP_SCOPE, oauthHelpers, OAUTH_PATHS } from "./mcp-oauth";

type PageStatus = 200 | 400 | 401;

function page(c: Context<AppEnv>, status: PageStatus, title: string, body: ReturnType<typeof html>, headers?: Headers) {
  headers?.forEach((value, name) => c.header(name, value, { append: true }));
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>${title}</title>
        </head>
        <body>
          <main>
            <h1>${title}</h1>
            ${body}
          </main>
        </body>
      </html>`,
    status,
  );
}

const message = (c: Context<AppEnv>, status: PageStatus, title: string, text: string) => page(c, status, title, html`<p>${text}</p>`);

/** A refused authorization request: back to the client when its redirect URI is known to be its own, else a page. */
function refused(c: Context<AppEnv>, e: AuthorizationError) {
  if (!e.redirectUri) return message(c, 400, "Authorization request not valid", e.description);
  const to = new URL(e.redirectUri);
  to.searchParams.set("error", e.code);
  to.searchParams.set("error_description", e.description);
  if (e.state) to.searchParams.set("state", e.state);
  if (e.issuer) to.searchParams.set("iss", e.issuer);
  return c.redirect(to.href, 302);
}

export const mcpConsentRoutes = new Hono<AppEnv>()
  .get("/authorize", async (c) => {
    const helpers = oauthHelpers(c.env);
    let request: AuthRequest;
    try {
      request = await helpers.parseAuthRequest(c.req.raw);
    } catch (e) {
      if (e instanceof AuthorizationError) return refused(c, e);
      throw e;
    }
    const about = await helpers.describeConsent(request);
    const { handle, headers } = await helpers.beginConsent(request);
    const body = html`<p>
        <strong>${about.clientName}</strong> asks to use this study agent for you: ask it, study with it, read and answer your saved lessons.
      </p>
      <p>After you approve, your browser goes to <strong>${about.redirectHost}</strong>.</p>
      ${about.redirectIsLoopback ? html`<p>That is a program on your own computer: approve only if you just started connecting it.</p>` : ""}
      <form method="post" action="${OAUTH_PATHS.authorize}">
        <input type="hidden" name="handle" value="${handle}" />
        <p>
          <label for="key">Your API key</label><br />
          <input id="key" name="key" type="password" autocomplete="current-password" required />
        </p>
        <p>The key says who you are: the client will act for that key's account. It is not stored or shown to the client.</p>
        <button type="submit" name="decision" value="approve">Approve</button>
        <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
      </form>`;
    return page(c, 200, `Connect ${about.clientName}?`, body, headers);
  })
  .post("/authorize", async (c) => {
    const helpers = oauthHelpers(c.env);
    const form = await c.req.parseBody();
    const handle = typeof form.handle === "string" ? form.handle : "";
    try {
      if (form.decision === "deny") {
        const denied = await helpers.denyConsent(c.req.raw, handle);
        return new Response(null, { status: 302, headers: denied.headers });
      }
      const owner = await keyOwner(httpSettings(c.env), typeof form.key === "string" ? form.key.trim() : "");
      // The handle is spent only by an approval or a denial: going back and pasting the right key works.
      if (!owner) return message(c, 401, "That key is not valid", "It is not one of this deployment's API keys. Go back and paste your key again.");
      const approved = await helpers.approveConsent(c.req.raw, handle, { scope: [MCP_SCOPE] });
      const userId = grantUserId(owner.tenant);
      const props: McpGrantProps = { tenant: owner.tenant, principal: `grant:${userId}:${approved.request.clientId}` };
      const { redirectTo } = await helpers.completeAuthorization({
        request: approved.request,
        userId,
        metadata: { tenant: owner.tenant },
        scope: [MCP_SCOPE],
        props,
      });
      approved.headers.set("Location", redirectTo);
      return new Response(null, { status: 302, headers: approved.headers });
    } catch (e) {
      if (e instanceof AuthorizationError)
        return message(c, 400, "This consent form is no longer valid", `${e.description}. Start connecting again from your client.`);
      throw e;
    }
  });
