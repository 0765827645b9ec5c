// Where the user's browser comes back from an MCP server's authorization server, and our client ID
// metadata document. Neither takes a bearer token: the browser has none, and an authorization server
// fetches the document. The callback is guarded by its `state` instead: unguessable, bound to the
// flow that made it, single-use, and 10 minutes long (src/mcp/oauth/). It answers a small page. An invalid
// MCP_SERVERS never reaches it: it is refused with every setting, before anything is served (src/mcp/settings.ts).
import type { Context } from "hono";
import { Hono } from "hono/tiny";
import { html } from "hono/html";
import { CLIENT_METADATA_PATH, mcpOAuthContext, requestOrigin } from "./oauth-context";
import { clientMetadataDocument, completeAuthorization, OAuthCallbackError, parseMcpConfig } from "..";
import { errorText } from "../error-text";
import type { AppEnv } from "../../http-kit/app-env";
import { mcpSettings } from "../settings";
import { fill } from "../../lib/phrase-book";
import { browserPhrases, type BrowserPhrases } from "../../lib/browser-phrases";
import { callbackPhrases, type CallbackPhrases } from "./callback-phrases";

function page(c: Context<AppEnv>, words: BrowserPhrases<CallbackPhrases>, status: 200 | 400 | 502, title: string, text: string) {
  return c.html(
    html`<!doctype html>
      <html lang="${words.lang}" dir="${words.dir}">
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

const LINK_TEXT = { invalid_state: "linkNotValidText", unknown_server: "serverGoneText", forbidden: "sharedServerText" } as const;

export const mcpOAuthCallbackRoutes = new Hono<AppEnv>()
  .get("/callback", async (c) => {
    const { code, state, error, error_description: description } = c.req.query();
    const words = await browserPhrases(callbackPhrases, c.env.ASSETS, c.req.header("accept-language"));
    const say = words.say;
    const answer = (status: 200 | 400 | 502, title: string, text: string) => page(c, words, status, title, text);
    if (error) return answer(400, say.refused, fill(say.refusedText, { reason: description ?? error }));
    if (!code || !state) return answer(400, say.notAnAnswer, say.notAnAnswerText);
    const origin = await requestOrigin(c.env, c.req.url);
    try {
      const servers = parseMcpConfig(mcpSettings(c.env).MCP_SERVERS, c.env).servers;
      // The tenant comes from the flow the state names, not from this (anonymous) request.
      const server = await completeAuthorization(servers, mcpOAuthContext(c.env, origin), { state, code });
      return answer(200, fill(say.connected, { server: server.name }), fill(say.connectedText, { server: server.name }));
    } catch (e) {
      // The person's words by the code (the message is English).
      if (e instanceof OAuthCallbackError) return answer(400, say.linkNotValid, say[LINK_TEXT[e.code]]);
      return answer(502, say.failed, fill(say.failedText, { reason: errorText(e) }));
    }
  })
  .get("/client-metadata.json", async (c) => {
    const origin = await requestOrigin(c.env, c.req.url);
    const context = mcpOAuthContext(c.env, origin);
    return c.json(clientMetadataDocument(context.redirectUrl, undefined, origin + CLIENT_METADATA_PATH));
  });
