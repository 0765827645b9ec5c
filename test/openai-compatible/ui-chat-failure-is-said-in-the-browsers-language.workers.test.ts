// A run that fails on /v1/ui/chat ends its stream with an `error` chunk. Its errorText was the server's English
// ("<message> (<code>)") whatever the person's language; the page and the bots say why a run failed in the
// person's language (public/i18n/run-notices.json). Now a request whose Accept-Language names a language gets
// that language's notice, its code still after it; one that names none gets the server's words as before.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runNoticePhrases } from "../../src/platforms/run-notice-phrases";
import { RUN_NOTICES } from "../support/english-phrases";
import { script } from "../support/model-control";
import { call, uniqueId } from "../support/worker-http";

/** The errorText of a failing run's reply, asked with `headers`. */
async function errorText(headers: Record<string, string>): Promise<string> {
  const marker = await script(
    uniqueId("ui-fail"),
    Array.from({ length: 4 }, () => ({ status: 503 })),
  );
  const message = { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text: `${marker} hola` }] };
  const res = await call("/v1/ui/chat", { method: "POST", headers, json: { id: uniqueId("ui-fail"), messages: [message] } });
  const chunks = (await res.text())
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice("data: ".length)) as { type: string; errorText?: string });
  return chunks.find((c) => c.type === "error")!.errorText!;
}

describe("a failed run on /v1/ui/chat", () => {
  it("says why in the language Accept-Language names, with its code", async () => {
    const es = (await runNoticePhrases(env.ASSETS, "es")).model_unavailable;
    expect(es).not.toBe(RUN_NOTICES.model_unavailable);
    expect(await errorText({ "accept-language": "es-ES,es;q=0.9,en;q=0.8" })).toBe(`${es} (model_unavailable)`);
  });

  it("says why in the server's words when the request names no language", async () => {
    const text = await errorText({});
    expect(text).toMatch(/ \(model_unavailable\)$/);
    expect(text).not.toContain(RUN_NOTICES.model_unavailable);
  });
});
