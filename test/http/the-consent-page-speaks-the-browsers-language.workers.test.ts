// The consent page of /mcp's OAuth (/oauth/authorize) is in the browser's language (Accept-Language), with its
// lang and, for Arabic, dir="rtl": it was English whatever the browser asked. Its refusals too. What it guards
// stays: the form's single-use handle bound by a cookie, the escaped client name, the headers. The real Worker,
// its OAuth provider in front, with API_KEYS set (without keys there is no OAuth).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { withMcpOAuth } from "../../src/http/mcp-oauth";
import { fromThisMachine } from "../support/worker-http";

const ORIGIN = "https://agent.example.com";
const KEY = "consent-i18n-key-0123456789abcdef";
const withKeys = { ...env, API_KEYS: JSON.stringify([{ name: "learner", key: KEY, tenant: "learner" }]) };
const REDIRECT = "https://client.example/callback";
// The Worker's fetch as src/index.ts builds it: the OAuth provider in front of the app.
const worker = withMcpOAuth(createApp());

const send = (path: string, init: RequestInit = {}) =>
  worker.fetch(fromThisMachine(new Request(ORIGIN + path, { redirect: "manual", ...init })), withKeys, createExecutionContext());

/** A client registered by its own name (dynamic registration, as Claude's connector does). */
async function registered(name: string): Promise<string> {
  const res = await send("/oauth/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

const authorizeQuery = (clientId: string) =>
  new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    state: "client-state",
    scope: "mcp",
  });

const open = (clientId: string, language?: string) =>
  send(`/oauth/authorize?${authorizeQuery(clientId)}`, { headers: language ? { "accept-language": language } : {} });

const handleOf = (page: string) => /name="handle" value="([^"]+)"/.exec(page)![1]!;

describe("the /mcp consent page", () => {
  it("speaks Arabic, right to left, to an Arabic browser, its form and cookie as before", async () => {
    const clientId = await registered("Claude <b>");
    const res = await open(clientId, "ar-EG,ar;q=0.9,en;q=0.5");
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const page = await res.text();
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain("<title>ربط Claude &lt;b&gt;؟</title>");
    expect(page).toContain("يطلب <strong>Claude &lt;b&gt;</strong> استخدام وكيل الدراسة");
    expect(page).toContain("<strong>client.example</strong>");
    expect(page).toContain('value="approve">موافقة</button>');
    expect(page).toContain('value="deny" formnovalidate>رفض</button>');
    expect(page).toMatch(/<input type="hidden" name="handle" value="[^"]+" \/>/);
    expect(page).not.toContain("Approve");
  });

  it("is English to a browser that names no language the book has", async () => {
    const clientId = await registered("Cursor");
    for (const language of [undefined, "sw-KE"]) {
      const page = await (await open(clientId, language)).text();
      expect(page).toContain('<html lang="en" dir="ltr">');
      expect(page).toContain("<title>Connect Cursor?</title>");
      expect(page).toContain('value="approve">Approve</button>');
    }
  });

  it("refuses a wrong key, a form posted without its cookie and a broken request in the browser's language", async () => {
    const clientId = await registered("ChatGPT");
    const handle = handleOf(await (await open(clientId, "es")).text());
    const post = (body: Record<string, string>) =>
      send("/oauth/authorize", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "es-ES,es;q=0.9" },
        body: new URLSearchParams(body),
      });

    const wrongKey = await post({ handle, key: "not-a-key", decision: "approve" });
    expect(wrongKey.status).toBe(401);
    const wrong = await wrongKey.text();
    expect(wrong).toContain('<html lang="es" dir="ltr">');
    expect(wrong).toContain("<h1>Esa clave no es válida</h1>");

    // Posted without the cookie the page set (another site's form, CSRF): nothing is approved.
    const forged = await post({ handle, key: KEY, decision: "approve" });
    expect(forged.status).toBe(400);
    expect(forged.headers.get("location")).toBeNull();
    expect(await forged.text()).toContain("<h1>Este formulario de consentimiento ya no es válido</h1>");

    // No client to send the refusal back to: a page, the library's reason marked as the English it is.
    const broken = await send("/oauth/authorize?response_type=code&client_id=nobody", { headers: { "accept-language": "fr-CA" } });
    expect(broken.status).toBe(400);
    const refusal = await broken.text();
    expect(refusal).toContain('<html lang="fr" dir="ltr">');
    expect(refusal).toContain("<h1>Demande d&#39;autorisation non valide</h1>");
    expect(refusal).toMatch(/<p lang="en" dir="ltr">[^<]*client_id[^<]*<\/p>/);
  });
});
