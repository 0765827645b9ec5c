// The user's side of connecting an MCP client to /mcp: the official SDK client's OAuth provider kept in
// memory (as a desktop client keeps it on disk), and a scripted browser that walks our consent page as a
// person does: open the authorization URL, keep the cookie it sets, paste a key, press Approve or Deny,
// and hand back where the server redirects (the client's redirect URI with code, state and iss).
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

export class MemoryOAuthClient implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  stored?: OAuthTokens;
  verifier = "";
  /** The authorization URL the SDK last asked the user to open. */
  authorizationUrl?: URL;

  constructor(
    readonly redirectUrl: string,
    private readonly name = "SDK OAuth test client",
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation = () => this.client;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.client = info);
  tokens = () => this.stored;
  saveTokens = (tokens: OAuthTokens) => void (this.stored = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}

/** Cookies as `name=value` pairs from a response's Set-Cookie headers. */
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);

export interface ConsentStep {
  /** The consent page's HTML, as the user saw it. */
  page: string;
  /** Where the server sent the browser after the decision (the client's redirect URI with code or error). */
  redirect: URL;
}

/** Opens `authorizationUrl`, pastes `key`, presses Approve (or Deny); returns the page and the redirect. */
export async function consentInBrowser(authorizationUrl: URL | string, key: string, decision: "approve" | "deny" = "approve"): Promise<ConsentStep> {
  const url = new URL(authorizationUrl);
  const opened = await fetch(url, { redirect: "manual" });
  const page = await opened.text();
  if (opened.status !== 200) throw new Error(`consent page answered ${opened.status}: ${page.slice(0, 300)}`);
  const handle = /name="handle" value="([^"]+)"/.exec(page)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!handle || !action) throw new Error(`no consent form on the page: ${page.slice(0, 300)}`);
  const posted = await fetch(new URL(action, url), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(opened).join("; "), origin: url.origin },
    body: new URLSearchParams({ handle, key, decision }),
  });
  const location = posted.headers.get("location");
  if (posted.status !== 302 || !location) throw new Error(`consent answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
  return { page, redirect: new URL(location, url) };
}
