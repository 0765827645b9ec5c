// The OAuth pages a browser opens on its own (the MCP callback page, /mcp's consent page) take the first language
// of Accept-Language, in q order, that their phrase book has, as the web page takes the first of
// navigator.languages it has words for: only the first tag was read, so `gsw-CH, es;q=0.9` got English. A browser
// that reads Traditional Chinese (zh-TW, zh-HK, zh-MO, zh-Hant-*) gets it, declared zh-Hant, from phrases made from
// the Simplified ones at build time (scripts/traditional-chinese.mjs); zh-CN, zh-SG and zh-Hans stay Simplified:
// every Chinese tag got the Simplified page before.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { withMcpOAuth } from "../../src/http/mcp-oauth";
import { fromThisMachine } from "../support/worker-http";

// With a key, so /oauth/authorize is served (the OAuth provider in front of the app, as src/index.ts builds it).
const withKeys = { ...env, API_KEYS: JSON.stringify([{ name: "learner", key: "languages-key-0123456789abcdef", tenant: "learner" }]) };
const worker = withMcpOAuth(createApp());

async function open(path: string, language: string): Promise<string> {
  const request = fromThisMachine(new Request(`https://agent.example.com${path}`, { headers: { "accept-language": language } }));
  return (await worker.fetch(request, withKeys, createExecutionContext())).text();
}

describe("an OAuth page's language", () => {
  it.each([
    ["gsw-CH, es;q=0.9", "es", "No es una respuesta de autorización"],
    ["sw, fr;q=0.5, de;q=0.8, en;q=0.1", "de", "Keine Autorisierungsantwort"],
    ["ru;q=0, tr;q=0.3", "tr", "Bu bir yetkilendirme yanıtı değil"],
    ["gsw, en-GB;q=0.9, es;q=0.8", "en", "Not an authorization answer"],
    // 這不是授權應答 and 这不是授权应答: 這/这, 授權/授权, 應/应 differ.
    ["zh-TW", "zh-Hant", "這不是授權應答"],
    ["zh-HK,zh;q=0.9", "zh-Hant", "這不是授權應答"],
    ["zh-MO", "zh-Hant", "這不是授權應答"],
    ["sw, zh-Hant-TW;q=0.5", "zh-Hant", "這不是授權應答"],
    ["zh-CN", "zh", "这不是授权应答"],
    ["zh-SG", "zh", "这不是授权应答"],
    ["zh-Hans-HK", "zh", "这不是授权应答"],
  ])("the callback page, for %s, is %s", async (language, lang, words) => {
    const html = await open("/v1/mcp/oauth/callback", language);
    expect(html).toContain(`<html lang="${lang}" dir="ltr">`);
    expect(html).toContain(words);
  });

  it("is Arabic right to left for an Arabic browser whose first tag the book lacks", async () => {
    expect(await open("/v1/mcp/oauth/callback", "ar-SA-u-nu-latn;q=0.7, x-klingon")).toContain('<html lang="ar" dir="rtl">');
  });

  it("is chosen the same way on the consent page", async () => {
    const html = await open("/oauth/authorize?response_type=code&client_id=nobody", "gsw-CH, es;q=0.9");
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(html).toContain("<h1>Solicitud de autorización no válida</h1>");
  });

  it("is Traditional Chinese on the consent page for zh-TW, Simplified for zh-CN", async () => {
    const path = "/oauth/authorize?response_type=code&client_id=nobody";
    const traditional = await open(path, "zh-TW");
    expect(traditional).toContain('<html lang="zh-Hant" dir="ltr">');
    expect(traditional).toContain("<h1>授權請求無效</h1>");
    const simplified = await open(path, "zh-CN");
    expect(simplified).toContain('<html lang="zh" dir="ltr">');
    expect(simplified).toContain("<h1>授权请求无效</h1>");
  });
});
