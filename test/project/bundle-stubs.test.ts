// The Worker bundle's stubs (wrangler.toml [alias], src/bundle-stubs/) stand only where the Worker never
// goes. wrangler matches an alias against the import as written, from any file, so each is checked
// against the bundle wrangler builds: every alias is still imported (a package update that renames a file
// would silently bring the real code back) and only by the package it was meant for; what it replaced is
// gone; a narrowed entry exports everything its importer reads; a placeholder throws NotBundledError.
// The OAuth provider is one module, so what it leaves out is cut by a patch instead (patches/, checked below).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Chat } from "openai/resources/chat/chat";
import { validateToolName } from "@modelcontextprotocol/sdk/shared/toolNameValidation.js";
import { addOutputText } from "openai/lib/ResponsesParser";
import { Responses } from "openai/resources/responses/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Ajv from "../../src/bundle-stubs/ajv";
import addFormats from "../../src/bundle-stubs/ajv-formats";
import { parse as parseCss } from "../../src/bundle-stubs/cssomnom-parse";
import * as entitiesDecodeEntry from "../../src/bundle-stubs/entities-decode";
import * as htmlparser2Entry from "../../src/bundle-stubs/htmlparser2";
import * as joseEntry from "../../src/bundle-stubs/jose";
import * as mcpExperimentalTasks from "../../src/bundle-stubs/mcp-experimental-tasks";
import { validateAndWarnToolName } from "../../src/bundle-stubs/mcp-tool-name-validation";
import { NotBundledError } from "../../src/bundle-stubs/not-bundled";
import * as openaiParseHelpers from "../../src/bundle-stubs/openai-parse-helpers";
import { path as openaiPath } from "../../src/bundle-stubs/openai-path";
import * as openaiResources from "../../src/bundle-stubs/openai-resources";
import * as openaiSubresources from "../../src/bundle-stubs/openai-subresources";
import { ChatCompletionRunner, ChatCompletionStream, ChatCompletionStreamingRunner, ResponseStream } from "../../src/bundle-stubs/openai-stream-helpers";
import { WorkloadIdentityAuth } from "../../src/bundle-stubs/openai-workload-identity-auth";
import * as openaiDetectPlatform from "../../src/bundle-stubs/openai-detect-platform";
import * as openaiLog from "../../src/bundle-stubs/openai-log";
import * as openaiPagination from "../../src/bundle-stubs/openai-pagination";
import * as openaiQuery from "../../src/bundle-stubs/openai-query";
import * as openaiUploads from "../../src/bundle-stubs/openai-uploads";
import * as x509Entry from "../../src/bundle-stubs/openai-x509-auth";
import * as x509TransportState from "../../src/bundle-stubs/openai-x509-transport-state";
import { zodToJsonSchema } from "../../src/bundle-stubs/zod-to-json-schema";
import { object as zodV3Object } from "../../src/bundle-stubs/zod-v3";
import { openAIClient } from "../../src/agent/providers/openai";
import { ROOT } from "../support/paths";

/** The package each stub was made for: the only one whose files may import it. */
const MEANT_FOR: Record<string, string> = {
  "ajv.ts": "@modelcontextprotocol/sdk",
  "ajv-formats.ts": "@modelcontextprotocol/sdk",
  "cssomnom-parse.ts": "linkedom",
  "htmlparser2.ts": "linkedom",
  "entities-decode.ts": "htmlparser2",
  "domutils.ts": "css-select",
  "zod-v3.ts": "@modelcontextprotocol/sdk",
  "zod-to-json-schema.ts": "@modelcontextprotocol/sdk",
  "jose.ts": "@modelcontextprotocol/sdk",
  "openai-resources.ts": "openai",
  "openai-stream-helpers.ts": "openai",
  "openai-x509-auth.ts": "openai",
  "openai-x509-transport-state.ts": "openai",
  "openai-x509-credential-options.ts": "openai",
  "openai-workload-identity-auth.ts": "openai",
  "openai-uploads.ts": "openai",
  "openai-query.ts": "openai",
  "openai-log.ts": "openai",
  "openai-detect-platform.ts": "openai",
  "openai-pagination.ts": "openai",
  "openai-parse-helpers.ts": "openai",
  "openai-subresources.ts": "openai",
  "mcp-experimental-tasks.ts": "@modelcontextprotocol/sdk",
  "mcp-tool-name-validation.ts": "@modelcontextprotocol/sdk",
  "openai-path.ts": "openai",
};

/** Files whose code the stubs replace: none of it may be in the bundle. */
const LEFT_OUT = [
  /node_modules\/ajv\//,
  /node_modules\/cssomnom\//,
  /node_modules\/zod\/v3\//,
  /node_modules\/zod-to-json-schema\//,
  /node_modules\/jose\/dist\/webapi\/(jwe|jwks)\//,
  /node_modules\/htmlparser2\/node_modules\/(domutils|dom-serializer|entities)\//,
  /node_modules\/(domutils|dom-serializer)\//,
  /node_modules\/openai\/resources\/(admin|beta|files|vector-stores|fine-tuning|audio)/,
  /node_modules\/openai\/lib\/(ChatCompletionStream|AssistantStream|EventStream|responses\/ResponseStream)/,
  /node_modules\/openai\/internal\/auth\/x509-(workload-identity-auth|transport-state|credential-options)/,
  /node_modules\/openai\/auth\/workload-identity-auth/,
  /node_modules\/openai\/(internal|core)\/uploads/,
  /node_modules\/openai\/internal\/(to-file|qs\/)/,
  /node_modules\/openai\/core\/pagination/,
  /node_modules\/openai\/internal\/detect-platform/,
  /node_modules\/openai\/lib\/(parser|ResponsesParser)/,
  /node_modules\/openai\/internal\/utils\/path/,
  /node_modules\/@modelcontextprotocol\/sdk\/dist\/esm\/experimental\/tasks\/(client|server|mcp-server)\.js/,
  /node_modules\/@modelcontextprotocol\/sdk\/dist\/esm\/shared\/toolNameValidation/,
  /node_modules\/openai\/resources\/(responses\/input-items|chat\/completions\/messages)/,
];

interface Metafile {
  inputs: Record<string, { imports: { path: string; original?: string }[] }>;
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

const aliases = (() => {
  const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  const section = toml.slice(toml.indexOf("[alias]")).split(/\n\[/)[0]!;
  return new Map([...section.matchAll(/^"([^"]+)" = "\.\/src\/bundle-stubs\/([^"]+)"$/gm)].map((m) => [m[1]!, m[2]!]));
})();

const packageOf = (file: string) => file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? file;
const sdkFile = (path: string) => readFileSync(join(ROOT, "node_modules", path), "utf8");
const namesUsed = (source: string, pattern: RegExp) => new Set([...source.matchAll(pattern)].flatMap((m) => m[1]!.split(",").map((n) => n.trim())));

let meta: Metafile;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bundle-stubs-"));
  const r = spawnSync(join(ROOT, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", join(dir, "out"), "--metafile", join(dir, "meta.json")], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${r.stderr}`);
  meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as Metafile;
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the Worker bundle's stubs", () => {
  it("are each still imported, and only by the package they were made for", () => {
    expect(aliases.size).toBeGreaterThan(0);
    const importers = new Map<string, Set<string>>();
    for (const [file, input] of Object.entries(meta.inputs))
      for (const imp of input.imports)
        if (imp.original && aliases.has(imp.original)) {
          expect(imp.path, `${file} imports ${imp.original}`).toContain(`src/bundle-stubs/${aliases.get(imp.original)}`);
          importers.set(imp.original, (importers.get(imp.original) ?? new Set()).add(packageOf(file)));
        }
    for (const [spec, stub] of aliases) expect([...(importers.get(spec) ?? [])], `who imports "${spec}"`).toEqual([MEANT_FOR[stub]]);
  });

  it("leave out the code they replace", () => {
    const bundled = Object.values(meta.outputs).flatMap((o) =>
      Object.entries(o.inputs)
        .filter(([, v]) => v.bytesInOutput > 0)
        .map(([k]) => k),
    );
    expect(bundled.some((f) => f.includes("node_modules/openai/client.mjs"))).toBe(true);
    for (const pattern of LEFT_OUT) expect(bundled.filter((f) => pattern.test(f))).toEqual([]);
  });
});

describe("a narrowed entry exports everything its importer reads", () => {
  it("jose: what the MCP SDK's private_key_jwt signing uses", () => {
    const used = namesUsed(sdkFile("@modelcontextprotocol/sdk/dist/esm/client/auth-extensions.js"), /\bjose\.(\w+)/g);
    expect(used.size).toBeGreaterThan(0);
    for (const name of used) expect(joseEntry, name).toHaveProperty(name);
  });

  it("htmlparser2: what linkedom's parser takes", () => {
    const source = sdkFile("linkedom/esm/shared/parse-from-string.js");
    const used = new Set([...namesUsed(source, /const \{([^}]+)\} = HTMLParser2/g), ...namesUsed(source, /\bHTMLParser2\.(\w+)/g)]);
    expect(used).toEqual(new Set(["Parser"]));
    expect(typeof htmlparser2Entry.Parser).toBe("function");
  });

  it("entities/decode: what htmlparser2's tokenizer and parser import from it", () => {
    const imports = /import \{([^}]+)\} from "entities\/decode"/g;
    const used = new Set(
      [...namesUsed(sdkFile("htmlparser2/dist/esm/Tokenizer.js"), imports), ...namesUsed(sdkFile("htmlparser2/dist/esm/Parser.js"), imports)].filter(Boolean),
    );
    expect(used).toEqual(new Set(["EntityDecoder", "DecodingMode", "htmlDecodeTree", "xmlDecodeTree", "fromCodePoint"]));
    for (const name of used) expect(entitiesDecodeEntry, name).toHaveProperty(name);
    expect(entitiesDecodeEntry.fromCodePoint(0x1f600)).toBe("😀");
  });

  it("zod/v3: the one builder the MCP SDK's zod-compat calls", () => {
    expect(namesUsed(sdkFile("@modelcontextprotocol/sdk/dist/esm/server/zod-compat.js"), /\bz3rt\.(\w+)/g)).toEqual(new Set(["object"]));
  });

  it("the MCP SDK's experimental tasks: every class the Client, Server and McpServer import, each made only by its `experimental` getter", () => {
    const imported = [
      ["@modelcontextprotocol/sdk/dist/esm/client/index.js", "client"],
      ["@modelcontextprotocol/sdk/dist/esm/server/index.js", "server"],
      ["@modelcontextprotocol/sdk/dist/esm/server/mcp.js", "mcp-server"],
    ].flatMap(([file, module]) => {
      const source = sdkFile(file!);
      const names = [...namesUsed(source, new RegExp(`import \\{([^}]+)\\} from '\\.\\./experimental/tasks/${module}\\.js'`, "g"))];
      // The one place each class is made: `tasks: new ExperimentalXTasks(this)` inside `get experimental()`.
      for (const name of names) expect(source.slice(source.indexOf("get experimental()")).indexOf(`new ${name}(this)`), `${file}: ${name}`).toBeGreaterThan(0);
      for (const name of names) expect(source.split(`new ${name}(`), `${file}: ${name}`).toHaveLength(2);
      return names;
    });
    expect(imported.sort()).toEqual(["ExperimentalClientTasks", "ExperimentalMcpServerTasks", "ExperimentalServerTasks"]);
    for (const name of imported) expect(mcpExperimentalTasks, name).toHaveProperty(name);
  });

  it("the MCP tool name check: what McpServer imports, and every name the Worker registers conforms by the SDK's own check", () => {
    expect([
      ...namesUsed(sdkFile("@modelcontextprotocol/sdk/dist/esm/server/mcp.js"), /import \{([^}]+)\} from '\.\.\/shared\/toolNameValidation\.js'/g),
    ]).toEqual(["validateAndWarnToolName"]);
    const server = readFileSync(join(ROOT, "src/mcp-server/study-server.ts"), "utf8");
    const names = [...server.matchAll(/registerTool\(\s*"([^"]+)"/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(4);
    for (const name of names) expect(validateToolName(name), name).toEqual({ isValid: true, warnings: [] });
    for (const name of [...names, "a b", "", "x".repeat(129), "ü", "a.b-c_d"]) expect(validateAndWarnToolName(name), name).toBe(validateToolName(name).isValid);
  });

  it("openai's resources: every one the client constructs", () => {
    const used = new Set([...namesUsed(sdkFile("openai/client.mjs"), /new API\.(\w+)\(/g), ...namesUsed(sdkFile("openai/bedrock.mjs"), /\bAPI\.(\w+)/g)]);
    expect(used.size).toBeGreaterThan(20);
    for (const name of used) expect(openaiResources, name).toHaveProperty(name);
    // The two the Worker calls are the SDK's own.
    expect(openaiResources.Chat).toBe(Chat);
    expect(openaiResources.Responses).toBe(Responses);
  });

  it("openai's X.509 auth: what the client and its credential options import, and no identity but a certificate's is one", () => {
    const imports = /import \{([^}]+)\} from "\.\/(?:internal\/auth\/)?x509-workload-identity-auth\.mjs"/g;
    const used = new Set(
      [...namesUsed(sdkFile("openai/client.mjs"), imports), ...namesUsed(sdkFile("openai/internal/auth/x509-credential-options.mjs"), imports)].filter(Boolean),
    );
    expect(used.size).toBeGreaterThan(2);
    for (const name of used) expect(x509Entry, name).toHaveProperty(name);
    expect(x509Entry.isX509WorkloadIdentity(undefined)).toBe(false);
    expect(x509Entry.isX509WorkloadIdentity({ type: "subject_token", provider: {} })).toBe(false);
  });

  it("openai's X.509 transport state, uploads, pagination and query: every name the SDK's files import from them", () => {
    const from = (file: string, spec: string) =>
      [...namesUsed(sdkFile(file), new RegExp(`(?:import|export) \\{([^}]+)\\} from ["']${spec.replaceAll(".", "\\.")}["']`, "g"))].filter(Boolean);
    const expectEvery = (entry: object, names: string[]) => {
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(entry, name).toHaveProperty(name);
    };
    expectEvery(x509TransportState, [
      ...from("openai/client.mjs", "./internal/auth/x509-transport-state.mjs"),
      ...from("openai/internal/auth/x509-credential-options.mjs", "./x509-transport-state.mjs"),
    ]);
    expectEvery(openaiUploads, [...from("openai/client.mjs", "./internal/uploads.mjs"), ...from("openai/index.mjs", "./core/uploads.mjs")]);
    expectEvery(openaiPagination, [
      ...from("openai/index.mjs", "./core/pagination.mjs"),
      ...from("openai/resources/chat/completions/completions.mjs", "../../../core/pagination.mjs"),
      ...from("openai/resources/responses/input-items.mjs", "../../core/pagination.mjs"),
      // client.mjs reads the module as a namespace: `import * as Pagination`, then `Pagination.Page` and the like.
      ...namesUsed(sdkFile("openai/client.mjs"), /\bPagination\.(\w+)/g),
    ]);
    // query.mjs reads the module as a namespace: `import * as qs`, then `qs.stringify`.
    expectEvery(openaiQuery, [...namesUsed(sdkFile("openai/internal/utils/query.mjs"), /\bqs\.(\w+)/g)]);
  });

  it("openai's parse helpers and sub-resources: every name the SDK's files import from them", () => {
    const from = (file: string, spec: string) =>
      [...namesUsed(sdkFile(file), new RegExp(`import \\{([^}]+)\\} from "${spec.replaceAll(".", "\\.")}"`, "g"))].filter(Boolean);
    const helpers = [
      ...from("openai/resources/chat/completions/completions.mjs", "../../../lib/parser.mjs"),
      ...from("openai/resources/responses/responses.mjs", "../../lib/ResponsesParser.mjs"),
      ...from("openai/bedrock.mjs", "./lib/ResponsesParser.mjs"),
    ];
    expect(new Set(helpers)).toEqual(new Set(["parseChatCompletion", "validateInputTools", "parseResponse", "resolveResponseParseOptions", "addOutputText"]));
    for (const name of helpers) expect(openaiParseHelpers, name).toHaveProperty(name);
    const subresources = [
      ...from("openai/resources/chat/completions/completions.mjs", "./messages.mjs"),
      ...from("openai/resources/responses/responses.mjs", "./input-items.mjs"),
    ];
    expect(subresources.sort()).toEqual(["InputItems", "Messages"]);
    for (const name of subresources) expect(openaiSubresources, name).toHaveProperty(name);
  });

  it("openai's path template: what the two resources import, used by none of their create methods", () => {
    for (const [file, spec] of [
      ["openai/resources/chat/completions/completions.mjs", "../../../internal/utils/path.mjs"],
      ["openai/resources/responses/responses.mjs", "../../internal/utils/path.mjs"],
    ] as const) {
      const source = sdkFile(file);
      expect([...namesUsed(source, new RegExp(`import \\{([^}]+)\\} from "${spec.replaceAll(".", "\\.")}"`, "g"))], file).toEqual(["path"]);
      // A method's body runs from its name to the next method at the class's indentation.
      const create = source.slice(source.indexOf("\n    create("), source.indexOf("\n    }\n", source.indexOf("\n    create(")));
      expect(create.length, file).toBeGreaterThan(50);
      expect(create, file).not.toContain("path `");
      expect(source.split("path `").length, file).toBeGreaterThan(2);
    }
  });

  it("addOutputText gives a response the output_text the SDK's own gives it", () => {
    const response = () => ({
      output: [
        { type: "reasoning", content: [{ type: "reasoning_text", text: "hidden" }] },
        {
          type: "message",
          content: [
            { type: "output_text", text: "Hello, " },
            { type: "refusal", refusal: "no" },
          ],
        },
        { type: "function_call", name: "f", arguments: "{}" },
        { type: "message", content: [{ type: "output_text", text: "world." }] },
      ],
    });
    const [ours, sdk] = [response(), response()];
    openaiParseHelpers.addOutputText(ours);
    addOutputText(sdk as never);
    expect(ours).toEqual(sdk);
    expect((ours as { output_text?: string }).output_text).toBe("Hello, world.");
  });

  it("a flat query is written as qs writes it", () => {
    expect(openaiQuery.stringify({ "api-version": "2024-10-21", limit: 2, on: true, none: undefined, empty: null, q: "a b+c" })).toBe(
      "api-version=2024-10-21&limit=2&on=true&empty=&q=a%20b%2Bc",
    );
  });
});

describe("openai's log helpers, but for the debug details never written", () => {
  it("every formatRequestDetails call of the client is a debug line's argument, and the Worker's client never logs at debug", () => {
    const source = sdkFile("openai/client.mjs");
    const calls = [...source.matchAll(/formatRequestDetails\(/g)].map((m) => m.index);
    expect(calls.length).toBeGreaterThan(3);
    // Each call sits in `loggerFor(this).debug(…, formatRequestDetails({…}))`: the last log call before it is a debug one.
    for (const at of calls) expect(source.slice(source.lastIndexOf("loggerFor(this).", at), at)).toMatch(/^loggerFor\(this\)\.debug\([^;]*$/);
    const before = process.env.OPENAI_LOG;
    process.env.OPENAI_LOG = "debug";
    try {
      expect(openAIClient({ apiKey: "k", model: "m", baseURL: "http://127.0.0.1:9", timeoutMs: 1000, maxRetries: 0 }).client.logLevel).toBe("warn");
    } finally {
      if (before === undefined) delete process.env.OPENAI_LOG;
      else process.env.OPENAI_LOG = before;
    }
  });

  it("hands the details back as they are and keeps the rest of the helpers", () => {
    const details = { url: "https://api.example/v1?api_key=x", headers: { authorization: "Bearer y" } };
    expect(openaiLog.formatRequestDetails(details)).toBe(details);
    expect(openaiLog.redactURL("https://api.example/v1?api_key=x")).toBe("https://api.example/v1?api_key=***");
    expect(typeof openaiLog.loggerFor).toBe("function");
    expect(typeof openaiLog.parseLogLevel).toBe("function");
    const imported = /import \{([^}]+)\} from "\.\/internal\/utils\/log\.mjs"/g;
    for (const name of [...namesUsed(sdkFile("openai/client.mjs"), imported)].filter(Boolean)) expect(openaiLog, name).toHaveProperty(name);
  });
});

describe("openai's platform detection", () => {
  it("answers every name the client imports, with the headers the SDK sends for a runtime it does not detect", () => {
    const imported = /import \{([^}]+)\} from "\.\/internal\/detect-platform\.mjs"/g;
    const names = [...namesUsed(sdkFile("openai/client.mjs"), imported)].filter(Boolean);
    expect(names.sort()).toEqual(["getPlatformHeaders", "isRunningInBrowser"]);
    expect(openaiDetectPlatform.isRunningInBrowser()).toBe(false);
    const sdk = sdkFile("openai/internal/detect-platform.mjs");
    const unknownBranch = sdk.slice(
      sdk.indexOf("// TODO add support for Cloudflare workers"),
      sdk.indexOf("};", sdk.indexOf("// TODO add support for Cloudflare workers")),
    );
    for (const [name, value] of Object.entries(openaiDetectPlatform.getPlatformHeaders()))
      expect(unknownBranch, name).toContain(name === "X-Stainless-Package-Version" ? `'${name}': VERSION` : `'${name}': '${value}'`);
  });
});

describe("a placeholder, if ever reached, throws NotBundledError saying what is missing", () => {
  it.each([
    ["ajv", () => new Ajv(), /ajv is not bundled/],
    ["ajv-formats", () => addFormats(), /ajv-formats is not bundled/],
    ["cssomnom", () => parseCss(), /CSS parsing/],
    ["zod v3", () => zodV3Object(), /zod v3 is not bundled/],
    ["zod-to-json-schema", () => zodToJsonSchema(), /zod-to-json-schema is not bundled/],
    ["an openai resource", () => Reflect.get(new openaiResources.Beta(), "threads"), /openai's client\.beta\.threads is not bundled/],
    ["chat.completions.stream()", () => ChatCompletionStream.createChatCompletion(), /chat\.completions\.stream\(\)/],
    ["chat.completions.runTools()", () => ChatCompletionRunner.runTools(), /chat\.completions\.runTools\(\)/],
    ["runTools({ stream: true })", () => ChatCompletionStreamingRunner.runTools(), /runTools\(\{ stream: true \}\)/],
    ["responses.stream()", () => ResponseStream.createResponse(), /responses\.stream\(\)/],
    ["an X.509 workload identity", () => x509Entry.isX509WorkloadIdentity({ type: "x509" }), /X\.509 workload identity is not bundled/],
    ["an X.509 credential", () => x509TransportState.findX509Credential(), /X\.509 transport state is not bundled/],
    ["a workload identity", () => new WorkloadIdentityAuth(), /workload identity auth is not bundled/],
    ["toFile", () => openaiUploads.toFile(), /file uploads is not bundled/],
    ["a list page", () => new openaiPagination.CursorPage(), /openai's CursorPage \(a list endpoint's page\) is not bundled/],
    ["MCP tasks", () => new mcpExperimentalTasks.ExperimentalClientTasks(), /the MCP SDK's ExperimentalClientTasks \(experimental tasks\) is not bundled/],
    [
      "a call on a stored response",
      () => openaiPath(),
      /openai's calls on a stored response or completion \(retrieve, update, delete, cancel\) is not bundled/,
    ],
    ["chat.completions.parse()", () => openaiParseHelpers.validateInputTools(), /openai's chat\.completions\.parse\(\) is not bundled/],
    ["responses.parse()", () => openaiParseHelpers.resolveResponseParseOptions(), /openai's responses\.parse\(\) is not bundled/],
    ["a response's input items", () => Reflect.get(new openaiSubresources.InputItems(), "list"), /openai's client\.responses\.inputItems\.list is not bundled/],
    ["a nested query", () => openaiQuery.stringify({ ids: [1, 2] }), /nested query strings \(ids\) is not bundled/],
  ])("%s", (_name, reach, message) => {
    expect(reach).toThrow(NotBundledError);
    expect(reach).toThrow(message);
  });
});

/** What patches/@cloudflare+workers-oauth-provider+1.2.3.patch cuts from the OAuth provider in front of /mcp. */
const OAUTH_LEFT_OUT = {
  options: { enterpriseManagedAuthorization: {}, clientIdMetadataDocumentEnabled: true, allowTokenExchangeGrant: true, tokenExchangeCallback: () => undefined },
  helpers: [
    "createClient",
    "listClients",
    "updateClient",
    "deleteClient",
    "listUserGrants",
    "isConsentRemembered",
    "beginUpstream",
    "finishUpstream",
    "exchangeToken",
    "purgeExpiredData",
  ],
  // Strings only the cut code holds: ID-JAG assertions, the CIMD cache, used client assertions, purge cursors.
  code: ["oauth-id-jag+jwt", "workers-oauth-provider:cimd:v1", "client-assertion-jti:", "Invalid purgeExpiredData cursor"],
};

/** The patched provider in Node: its one import of workerd's, WorkerEntrypoint, is only for `instanceof` checks. */
async function patchedOAuthProvider() {
  const source = sdkFile("@cloudflare/workers-oauth-provider/dist/oauth-provider.js");
  const file = join(dir, "oauth-provider.mjs");
  writeFileSync(file, source.replace('import { WorkerEntrypoint } from "cloudflare:workers";', "class WorkerEntrypoint {}"));
  return (await import(file)) as typeof import("@cloudflare/workers-oauth-provider");
}

/** Options as src/http/mcp-oauth.ts gives them, for one origin. */
const oauthOptions = () => {
  const app = { fetch: () => new Response() };
  return {
    apiRoute: "/mcp",
    apiHandler: app,
    defaultHandler: app,
    authorizeEndpoint: "/oauth/authorize",
    tokenEndpoint: "/oauth/token",
    clientRegistrationEndpoint: "/oauth/register",
    scopesSupported: ["mcp"],
    resourceMetadata: { resource: "https://study.example/mcp", authorization_servers: ["https://study.example"] },
  };
};

describe("the OAuth provider's patch leaves out only what /mcp never uses", () => {
  it("is in the bundle, without the code it cuts", () => {
    const bundle = readFileSync(join(dir, "out", "index.js"), "utf8");
    expect(bundle.includes("leaves it out of workers-oauth-provider"), "the patch applied").toBe(true);
    for (const text of OAUTH_LEFT_OUT.code) expect(bundle.includes(text), text).toBe(false);
  });

  it("refuses each feature it cuts where it would start, and the Worker turns none on", async () => {
    const { OAuthProvider } = await patchedOAuthProvider();
    expect(new OAuthProvider(oauthOptions())).toBeInstanceOf(OAuthProvider);
    for (const [option, value] of Object.entries(OAUTH_LEFT_OUT.options))
      expect(() => new OAuthProvider({ ...oauthOptions(), [option]: value }), option).toThrow(`${option} is not bundled in the Worker`);
    const provider = readFileSync(join(ROOT, "src/http/mcp-oauth.ts"), "utf8");
    expect(provider).toContain("new OAuthProvider<Env>({");
    for (const option of Object.keys(OAUTH_LEFT_OUT.options)) expect(provider).not.toContain(option);
  });

  it("keeps every helper the Worker calls, which remember no consent", () => {
    const callers = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts"))
      .map((f) => readFileSync(join(ROOT, "src", f), "utf8"))
      .filter((source) => source.includes("oauthHelpers("));
    const called = new Set(callers.flatMap((source) => [...source.matchAll(/\bhelpers\.(\w+)\(/g)].map((m) => m[1]!)));
    expect(called).toEqual(new Set(["parseAuthRequest", "describeConsent", "beginConsent", "denyConsent", "approveConsent", "completeAuthorization"]));
    const approvals = callers.flatMap((source) => [...source.matchAll(/\bhelpers\.approveConsent\(([^)]*)\)/g)].map((m) => m[1]!));
    expect(approvals.length).toBeGreaterThan(0);
    for (const args of approvals) expect(args).not.toContain("remember");
  });

  it.each(OAUTH_LEFT_OUT.helpers)("OAuthHelpers.%s, if ever called, says it is not bundled", async (name) => {
    const { getOAuthApi } = await patchedOAuthProvider();
    const helpers = getOAuthApi(oauthOptions(), { OAUTH_KV: {} }) as unknown as Record<string, () => unknown>;
    await expect(async () => helpers[name]!()).rejects.toThrow(`OAuthHelpers.${name} is not bundled in the Worker`);
  });

  it("approveConsent with remember says it is not bundled", async () => {
    const { getOAuthApi } = await patchedOAuthProvider();
    const helpers = getOAuthApi(oauthOptions(), { OAUTH_KV: {} });
    await expect(helpers.approveConsent(new Request("https://study.example/oauth/authorize"), "h", { remember: { secret: "s".repeat(32) } })).rejects.toThrow(
      "approveConsent's remember is not bundled in the Worker",
    );
  });
});
