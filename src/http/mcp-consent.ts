// The consent page of /mcp's OAuth (docs/mcp-server.md "Auth"): an MCP client (Claude's connector,
// ChatGPT, Claude Code, Cursor …) sends its user here to authorize it. The user pastes their API key
// (a tenant's key of API_KEYS, or the operator's API_TOKEN): the key signs the consent, and the grant
// acts for that key's tenant, so the client sees that tenant's lessons and sessions only. The key is
// checked and forgotten, never stored. CSRF: the form carries the library's single-use consent handle,
// bound to this browser by a SameSite cookie (beginConsent / approveConsent), so a form posted from
// another site or replayed does nothing. Its words are in the browser's language (Accept-Language): a phrase book,
// public/i18n/mcp-consent.json, as the MCP callback page's.
import { AuthorizationError, type AuthRequest } from "@cloudflare/workers-oauth-provider";
import type { Context } from "hono";
import { Hono } from "hono/tiny";
import { html } from "hono/html";
import type { AppEnv } from "../http-kit/app-env";
import { httpSettings } from "../http-kit/settings";
import { browserPhrases, type BrowserPhrases } from "../lib/browser-phrases";
import { fill, phraseBook } from "../lib/phrase-book";
import { keyOwner, type McpGrantProps } from "./auth";
import { grantUserId, MCP_SCOPE, oauthHelpers, OAUTH_PATHS } from "./mcp-oauth";

/** One language's phrases: the type of the book's English (type-only: the JSON stays out of the bundle). */
export type ConsentPhrases = (typeof import("../../public/i18n/mcp-consent.json"))["en"];

const consentPhrases = phraseBook<ConsentPhrases>("i18n/mcp-consent.json");
type Words = BrowserPhrases<ConsentPhrases>;
const wordsFor = (c: Context<AppEnv>): Promise<Words> => browserPhrases(consentPhrases, c.env.ASSETS, c.req.header("accept-language"));

/** `phrase` with its one {name} as `value` in bold; both escaped, as every value the page shows. */
const bold = (phrase: string, name: string, value: string) => {
  const [before, after] = phrase.split(`{${name}}`);
  return html`${before}<strong>${value}</strong>${after}`;
};

type PageStatus = 200 | 400 | 401;

function page(c: Context<AppEnv>, words: Words, status: PageStatus, title: string, body: ReturnType<typeof html>, headers?: Headers) {
  headers?.forEach((value, name) => c.header(name, value, { append: true }));
  return c.html(
    html`<!doctype html>
      <html lang="${words.lang}" dir="${words.dir}">
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

/** A page saying `refusal` (its title and its text); `english`: the OAuth library's own words for a client's developers, marked so. */
async function message(c: Context<AppEnv>, status: PageStatus, refusal: "requestNotValid" | "keyNotValid" | "formNotValid", english?: string) {
  const words = await wordsFor(c);
  const text = words.say[`${refusal}Text`];
  return page(
    c,
    words,
    status,
    words.say[refusal],
    html`<p>${text}</p>
      ${english ? html`<p lang="en" dir="ltr">${english}</p>` : ""}`,
  );
}

/** A refused authorization request: back to the client when its redirect URI is known to be its own, else a page. */
function refused(c: Context<AppEnv>, e: AuthorizationError) {
  if (!e.redirectUri) return message(c, 400, "requestNotValid", e.description);
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
    // Read before the consent begins: with no words to say it in, no consent is started.
    const words = await wordsFor(c);
    const say = words.say;
    const about = await helpers.describeConsent(request);
    const { handle, headers } = await helpers.beginConsent(request);
    const body = html`<p>${bold(say.asks, "client", about.clientName)}</p>
      <p>${bold(say.goesTo, "host", about.redirectHost)}</p>
      ${about.redirectIsLoopback ? html`<p>${say.loopback}</p>` : ""}
      <form method="post" action="${OAUTH_PATHS.authorize}">
        <input type="hidden" name="handle" value="${handle}" />
        <p>
          <label for="key">${say.keyLabel}</label><br />
          <input id="key" name="key" type="password" autocomplete="current-password" required />
        </p>
        <p>${say.keyText}</p>
        <button type="submit" name="decision" value="approve">${say.approve}</button>
        <button type="submit" name="decision" value="deny" formnovalidate>${say.deny}</button>
      </form>`;
    return page(c, words, 200, fill(say.title, { client: about.clientName }), body, headers);
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
      if (!owner) return message(c, 401, "keyNotValid");
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
      if (e instanceof AuthorizationError) return message(c, 400, "formNotValid");
      throw e;
    }
  });
