// The page a person's browser comes back to after authorizing an MCP server is in the browser's language
// (Accept-Language), as the chats' link to it is in the person's: it was English whatever the browser asked.
// The details an authorization server gives stay in its words; a language without phrases is English.
import { describe, expect, it } from "vitest";
import { call } from "../../support/worker-http";

const page = async (query: string, language?: string) => {
  const res = await call(`/v1/mcp/oauth/callback${query}`, { headers: language ? { "accept-language": language } : {} });
  return { status: res.status, html: await res.text() };
};

describe("the MCP authorization callback page", () => {
  it("answers in the browser's language, with its lang", async () => {
    const notAnAnswer = await page("", "es-ES,es;q=0.9,en;q=0.8");
    expect(notAnAnswer.status).toBe(400);
    expect(notAnAnswer.html).toContain('<html lang="es" dir="ltr">');
    expect(notAnAnswer.html).toContain("No es una respuesta de autorización");
    const refused = await page("?error=access_denied&error_description=The+user+said+no", "ja");
    expect(refused.html).toContain("承認が拒否されました");
    expect(refused.html).toContain("The user said no");
  });

  it("is English for a language without phrases, and without Accept-Language", async () => {
    for (const language of ["sw", undefined]) {
      const { html } = await page("", language);
      expect(html).toContain('<html lang="en" dir="ltr">');
      expect(html).toContain("Not an authorization answer");
    }
  });
});
