// The Worker bundle leaves out the openai client's X.509 credential options (src/bundle-stubs/
// openai-x509-credential-options.ts): the client's constructor normalizes its options with them, and
// withOptions reconciles credentials and providers with them. This holds the stub to what the client
// imports, to the SDK's own normalizing of options without a credential (what the Worker's client has),
// to the Worker's use (no credential, no withOptions), and each left-out path to NotBundledError.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { normalizeX509CredentialOptions as sdkNormalize } from "../../node_modules/openai/internal/auth/x509-credential-options.mjs";
import { describe, expect, it } from "vitest";
import * as stub from "../../src/bundle-stubs/openai-x509-credential-options";
import { NotBundledError } from "../../src/bundle-stubs/not-bundled";
import { ROOT } from "../support/paths";

const client = () => readFileSync(join(ROOT, "node_modules/openai/client.mjs"), "utf8");

describe("the openai client's X.509 credential options, left out", () => {
  it("answer every name the client imports from them", () => {
    const imported = /import \{([^}]+)\} from "\.\/internal\/auth\/x509-credential-options\.mjs"/g;
    const names = [...client().matchAll(imported)].flatMap((m) => m[1]!.split(",").map((n) => n.trim())).filter(Boolean);
    expect(names.sort()).toEqual(["normalizeX509CredentialOptions", "prepareX509ClientClone"]);
    for (const name of names) expect(stub, name).toHaveProperty(name);
  });

  it("pass options without a credential through as the SDK does", () => {
    const fetch = () => Promise.resolve(new Response());
    for (const options of [
      {},
      { apiKey: "k", baseURL: "http://127.0.0.1:9", timeout: 1000, maxRetries: 0, fetch, logLevel: "warn" },
      { credential: undefined },
    ]) {
      const ours = stub.normalizeX509CredentialOptions(options);
      const sdk = sdkNormalize(options as never);
      expect(ours).toEqual(sdk);
      expect(ours.options).toBe(sdk.options);
    }
  });

  it("are used by the client only in its constructor and withOptions, which the Worker never calls, and the Worker gives no credential", () => {
    const source = client();
    const body = (method: string) => source.slice(source.indexOf(`\n    ${method}(`), source.indexOf("\n    }\n", source.indexOf(`\n    ${method}(`)));
    expect(source.match(/\bnormalizeX509CredentialOptions\(/g)).toHaveLength(1);
    expect(body("constructor")).toContain("normalizeX509CredentialOptions(clientOptions)");
    expect(source.match(/\bprepareX509ClientClone\(/g)).toHaveLength(1);
    expect(body("withOptions")).toContain("prepareX509ClientClone(");
    const callers = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && readFileSync(join(ROOT, "src", f), "utf8").includes("withOptions("),
    );
    expect(callers).toEqual([]);
    const provider = readFileSync(join(ROOT, "src/agent/providers/openai.ts"), "utf8");
    const options = provider.slice(provider.indexOf("new OpenAI({"), provider.indexOf("});", provider.indexOf("new OpenAI({")));
    expect(options).toContain("apiKey: cfg.apiKey");
    expect(options).not.toMatch(/credential|workloadIdentity/);
  });

  it.each([
    ["a credential", () => stub.normalizeX509CredentialOptions({ credential: {} }), /openai's X\.509 `credential` option is not bundled/],
    ["withOptions", () => stub.prepareX509ClientClone(), /openai's client\.withOptions \(its credential and provider reconciliation\) is not bundled/],
  ])("%s, if ever reached, throws NotBundledError", (_name, reach, message) => {
    expect(reach).toThrow(NotBundledError);
    expect(reach).toThrow(message);
  });
});
