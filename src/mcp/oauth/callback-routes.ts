// Where the user's browser comes back from an MCP server's authorization server, and our client ID
// metadata document. Neither takes a bearer token: the browser has none, and an authorization server
// fetches the document. The callback is guarded by its `state` instead: unguessable, bound to the
// flow that made it, single-use, and 10 minutes long (src/mcp/oauth/). It answers a small page.
import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { CLIENT_METADATA_PATH, mcpOAuthContext, requestOrigin } from "./oauth-context";
import { clientMetadataDocument, completeAuthorization, McpConfigError, OAuthCallbackError, parseMcpConfig } from "..";
import { errorText } from "../error-text";
import type { AppEnv } from "../../http-kit/app-env";
import { mcpSettings } from "../settings";

function page(c: Context<AppEnv>, status: 200 | 400 | 502, title: string, text: string) {
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <title>${title}</title>
        </head>
        <body>
          <h1>${title}</h1>
          <p>${text}</p>
        </body>
      </html>`,
    status,
  );
}

export const mcpOAuthCallbackRoutes = new Hono<AppEnv>()
  .get("/callback", async (c) => {
    const { code, state, error, error_description: description } = c.req.query();
    if (error) return page(c, 400, "Authorization refused", `The server answered: ${description ?? error}. Nothing was connected.`);
    if (!code || !state) return page(c, 400, "Not an authorization answer", "This address expects code and state from an authorization server.");
    const origin = await requestOrigin(c.env, c.req.url);
    try {
      const servers = parseMcpConfig(mcpSettings(c.env).MCP_SERVERS, c.env).servers;
      // The tenant comes from the flow the state names, not from this (anonymous) request.
      const server = await completeAuthorization(servers, mcpOAuthContext(c.env, origin), { state, code });
      return page(
        c,
        200,
        `${server.name} is connected`,
        `The MCP server ${server.name} is now authorized. Its tools are available from the next run; you can close this tab.`,
      );
    } catch (e) {
      if (e instanceof OAuthCallbackError) return page(c, 400, "Authorization link not valid", e.message);
      if (e instanceof McpConfigError) return page(c, 502, "MCP_SERVERS is invalid", e.message);
      return page(c, 502, "Authorization failed", `Exchanging the code failed: ${errorText(e)}`);
    }
  })
  .get("/client-metadata.json", async (c) => {
    const origin = await requestOrigin(c.env, c.req.url);
    const context = mcpOAuthContext(c.env, origin);
    return c.json(clientMetadataDocument(context.redirectUrl, undefined, origin + CLIENT_METADATA_PATH));
  });
