// Credentials in a URL (`http://user:password@host/…`) never reach what is stored or shown: a run that
// reads such a page keeps neither the user nor the password in its trace (tool.started's args,
// tool.finished's output and meta) nor in the tool output the model gets (stored in the session's
// messages); the URL stays readable with the credentials replaced by [REDACTED].
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { messages, startRun, trace } from "../support/session-api";
import { uniqueId } from "../support/worker-http";

const origin = new URL(String((env as unknown as Record<string, string>).SEARCH_BASE_URL));

describe("URL credentials", () => {
  for (const [what, userinfo] of [
    ["a user and a password", "alice-reader:pw-7Hq2vLx9"],
    ["a token as the user", "tok-9fJ3kLm2QwXz"],
  ] as const) {
    it(`are redacted from the trace and the tool output of a page fetched with ${what}`, async () => {
      const url = `http://${userinfo}@${origin.host}/articles/derivatives`;
      const marker = await script(uniqueId("k"), [{ toolCalls: [{ name: "fetch_webpage", args: { url } }] }, { text: "Read it." }]);
      const sid = uniqueId();
      expect(await startRun(sid, `${marker} read the page`)).toMatchObject({ status: "completed" });

      const events = await trace(sid);
      const started = events.find((e) => e.type === "tool.started")!;
      const finished = events.find((e) => e.type === "tool.finished")!;
      expect(started.data.args).toEqual({ url: `http://[REDACTED]@${origin.host}/articles/derivatives` });
      expect(finished.data).toMatchObject({ name: "fetch_webpage", status: "success" });
      const toolOutput = (await messages(sid)).find((m) => m.role === "tool")!.content;
      expect(toolOutput).toContain(`${origin.host}/articles/derivatives`);
      expect(toolOutput).toContain("Derivatives explained");
      for (const secret of [userinfo, ...userinfo.split(":")]) {
        expect(JSON.stringify(events), "trace").not.toContain(secret);
        expect(toolOutput, "tool output").not.toContain(secret);
      }
    });
  }

  it("are redacted from a failed fetch's message too", async () => {
    const url = `http://bob:pw-Zt81nQ3r@${origin.host}/no-such-page`;
    const marker = await script(uniqueId("k"), [{ toolCalls: [{ name: "fetch_webpage", args: { url } }] }, { text: "It is gone." }]);
    const sid = uniqueId();
    await startRun(sid, `${marker} read the page`);
    const toolOutput = (await messages(sid)).find((m) => m.role === "tool")!.content;
    expect(toolOutput).toContain("HTTP 404");
    expect(toolOutput).not.toContain("pw-Zt81nQ3r");
    expect(JSON.stringify(await trace(sid))).not.toContain("pw-Zt81nQ3r");
  });
});
