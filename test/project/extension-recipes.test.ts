// docs/harness.md's recipes, tested as written: each (a tool, a model provider, a chat platform) is added to a
// copy of the repository from the code blocks of the doc, touches exactly one new folder and one changed
// file (its registry), and works there: its settings join the configuration, the tool is offered to the
// model by the toolset's own function, the provider answers a run, and the platform's webhook reaches a
// chat through the door the channels layer passes in, its adapter posts the answer, and courses deliver to it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocal, type LocalServer } from "../support/local-server";
import { ROOT } from "../support/paths";

interface Recipe {
  files: Map<string, string>;
  registry: { path: string; imports: string[]; entries: string[] };
}

/** The recipes of docs/harness.md: `ts file=<path>` blocks are a new folder's files, a `ts registry=<path>` block its registry's lines. */
function recipesOf(markdown: string): Recipe[] {
  const recipes: Recipe[] = [];
  let files = new Map<string, string>();
  for (const [, kind, path, body] of markdown.matchAll(/```ts (file|registry)=(\S+)\n([\s\S]*?)```/g)) {
    if (kind === "file") files.set(path!, body!);
    else {
      const lines = body!.split("\n").filter((l) => l.trim());
      recipes.push({
        files,
        registry: { path: path!, imports: lines.filter((l) => l.startsWith("import ")), entries: lines.filter((l) => !l.startsWith("import ")) },
      });
      files = new Map();
    }
  }
  return recipes;
}

/** Adds the registry's lines: the imports after its last import, the entries at the end of its list. */
function withRegistryLines(source: string, r: Recipe["registry"]): string {
  const lines = source.split("\n");
  lines.splice(lines.findLastIndex((l) => l.startsWith("import ")) + 1, 0, ...r.imports);
  const entries = r.entries.map((e) => e.trim().replace(/,$/, ""));
  return lines
    .join("\n")
    .replace(/= \[([\s\S]*?),?\s*\]( as const)?;/, (_, items: string, asConst = "") => `= [${items.trim()}, ${entries.join(", ")}]${asConst};`);
}

function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else files.set(relative(dir, join(d, e.name)), readFileSync(join(d, e.name), "utf8"));
    }
  };
  walk(join(dir, "src"));
  return files;
}

/** What a change did to the copy: the folders it created (with their files) and the files it changed. */
function touched(before: Map<string, string>, after: Map<string, string>): { newFolders: string[]; changed: string[] } {
  const added = [...after.keys()].filter((f) => !before.has(f));
  const existingDirs = new Set(
    [...before.keys()].flatMap((f) =>
      f
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  // A new file's folder is new when no file was in it before; the outermost such folder is what the change created.
  const newFolders = [
    ...new Set(
      added.map((f) => {
        const parts = f.split("/");
        const firstNew = parts.findIndex((_, i) => i < parts.length - 1 && !existingDirs.has(parts.slice(0, i + 1).join("/")));
        return firstNew === -1 ? f : parts.slice(0, firstNew + 1).join("/");
      }),
    ),
  ];
  const changed = [...before.keys()].filter((f) => after.has(f) && after.get(f) !== before.get(f));
  return { newFolders, changed };
}

const recipes = recipesOf(readFileSync(join(ROOT, "docs/harness.md"), "utf8"));
let copy: string;
const changes: Array<{ newFolders: string[]; changed: string[] }> = [];
const load = <T>(path: string): Promise<T> => import(join(copy, path));

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "extension-recipes-"));
  cpSync(join(ROOT, "src"), join(copy, "src"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
  // The Worker shares the TeX delimiters with the page (src/lessons/markdown-dialect.ts imports public/js/math-syntax.js).
  symlinkSync(join(ROOT, "public"), join(copy, "public"));
  for (const recipe of recipes) {
    const before = snapshot(copy);
    for (const [path, text] of recipe.files) {
      expect(existsSync(join(copy, path)), path).toBe(false);
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      writeFileSync(join(copy, path), text, { flag: "wx" });
    }
    const registry = join(copy, recipe.registry.path);
    writeFileSync(registry, withRegistryLines(readFileSync(registry, "utf8"), recipe.registry));
    changes.push(touched(before, snapshot(copy)));
  }
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("docs/harness.md's extension recipes", () => {
  it("are three, each one new folder and one changed file: its registry", () => {
    expect(recipes.map((r) => r.registry.path)).toEqual(["src/tools/registry.ts", "src/models/registry.ts", "src/platforms/registry.ts"]);
    expect(changes).toEqual([
      { newFolders: ["src/tools/word-count"], changed: ["src/tools/registry.ts"] },
      { newFolders: ["src/models/echo"], changed: ["src/models/registry.ts"] },
      { newFolders: ["src/platforms/echo-chat"], changed: ["src/platforms/registry.ts"] },
    ]);
  });

  it("put each one's settings in the documented configuration", async () => {
    const { ConfigSchema, loadConfig } = await load<typeof import("../../src/config")>("src/config.ts");
    expect(Object.keys(ConfigSchema.shape)).toEqual(expect.arrayContaining(["WORD_COUNT_MAX_CHARS", "ECHO_PREFIX", "ECHO_CHAT_URL", "ECHO_CHAT_SECRET"]));
    expect(loadConfig({ MODEL_API: "echo", WORD_COUNT_MAX_CHARS: "50" })).toMatchObject({ MODEL_API: "echo", WORD_COUNT_MAX_CHARS: 50 });
    expect(() => loadConfig({ MODEL_API: "anthropic" })).toThrow(/MODEL_API: must be one of chat, responses, echo/);
  });

  it("the tool is offered to the model and the provider MODEL_API names answers the run", async () => {
    const { isolateTools } = await load<typeof import("../../src/tools")>("src/tools/index.ts");
    const { createModel, modelMissing } = await load<typeof import("../../src/models/models")>("src/models/models.ts");
    const agent = await load<typeof import("../../src/agent")>("src/agent/index.ts");
    const env = { MODEL_API: "echo", ECHO_PREFIX: "heard: " } as unknown as Env;
    const tools = isolateTools(env);
    expect(tools.map((t) => t.name)).toContain("word_count");
    expect(modelMissing(env)).toBeUndefined();
    const model = createModel(env, "writing");
    const offered: string[][] = [];
    const result = await agent.runLoop({
      runId: "run-recipe",
      sessionId: "s-recipe",
      model: { model: model.model, complete: (req) => (offered.push(req.tools.map((t) => t.name)), model.complete(req)) },
      system: "You count words.",
      tools: new agent.ToolRegistry(tools),
      history: [agent.userMessage("how many words are these")],
      maxSteps: 3,
      signal: new AbortController().signal,
      stream: false,
      emit: () => {},
      onMessage: () => {},
    });
    expect(result).toMatchObject({ status: "completed", output: "heard: how many words are these" });
    expect(offered[0]).toContain("word_count");
    const wordCount = tools.find((t) => t.name === "word_count")!;
    expect(wordCount.validate({ text: "x".repeat(51) })).toMatchObject({ ok: true });
    const ctx = { runId: "r", sessionId: "s", callId: "c", signal: new AbortController().signal, emit: () => {}, runState: new agent.RunState() };
    expect(await wordCount.run({ text: "one two  three" }, ctx)).toMatchObject({ status: "success", content: "3 words" });
  });

  describe("the chat platform", () => {
    let chat: LocalServer;
    const posted: unknown[] = [];
    beforeAll(async () => {
      chat = await listenLocal((req, res) => {
        let body = "";
        req.on("data", (d) => (body += d));
        req.on("end", () => {
          posted.push({ path: req.url, ...JSON.parse(body) });
          res.end("{}");
        });
      });
    });
    afterAll(() => chat.close());

    it("its webhook reaches the chat through the door, refusing a bad secret; its adapter posts the answer", async () => {
      const { CHAT_PLATFORMS, chatPlatform } = await load<typeof import("../../src/platforms/registry")>("src/platforms/registry.ts");
      const platform = CHAT_PLATFORMS.find((p) => p.name === ("echo-chat" as string))!;
      const accepted: unknown[] = [];
      const door = () => ({
        accept: async (objectName: string, deliveryId: string, message: unknown) => (accepted.push({ objectName, deliveryId, message }), true),
        click: async () => true,
      });
      // Mounted as src/channels/platform-routes.ts mounts every registered platform: under /<name>.
      const { handleError } = await load<typeof import("../../src/http-kit/errors")>("src/http-kit/errors.ts");
      const app = new Hono().route(`/${platform.name}`, platform.routes(door as never));
      app.onError(handleError);
      const env = { ECHO_CHAT_SECRET: "s3cret-for-the-recipe", ECHO_CHAT_URL: `http://127.0.0.1:${chat.port}` };
      const send = (secret: string, vars: object = env) =>
        app.request(
          "/echo-chat/webhook",
          { method: "POST", headers: { "x-echo-chat-secret": secret }, body: JSON.stringify({ id: "m1", room: "r1", text: "hello" }) },
          vars,
        );
      expect((await send("wrong")).status).toBe(401);
      expect((await send("s3cret-for-the-recipe", {})).status).toBe(404);
      expect(accepted).toEqual([]);
      expect((await send("s3cret-for-the-recipe")).status).toBe(200);
      expect(accepted).toEqual([{ objectName: "echo-chat:r1", deliveryId: "m1", message: { platform: "echo-chat", room: "r1", text: "hello" } }]);

      const adapter = chatPlatform("echo-chat" as never, env as unknown as Env);
      const to = adapter.replyTarget({ platform: "echo-chat", room: "r1", text: "hello" } as never);
      await adapter.send(to, { text: "hello back" });
      // It says no language for its people, so the bots' phrases are English.
      expect(await adapter.language({ by: "echo-chat:ada" })).toBeUndefined();
      expect(posted).toEqual([{ path: "/messages", room: "r1", text: "hello back" }]);
    });

    it("a course may deliver to it ({platform, to}), refused while it is not configured", async () => {
      const { CourseInput } = await load<typeof import("../../src/courses/course-input")>("src/courses/course-input.ts");
      const { courseTargets, unconfiguredDelivery } = await load<typeof import("../../src/delivery/course-delivery")>("src/delivery/course-delivery.ts");
      const { deliver } = CourseInput.parse({ topic: "Vectors", deliver: [{ platform: "echo-chat", to: "r1" }] });
      expect(courseTargets(deliver)).toEqual([{ key: "echo-chat:r1", platform: "echo-chat", to: { platform: "echo-chat", room: "r1" }, chat: "echo-chat:r1" }]);
      expect(unconfiguredDelivery({} as Env, deliver)).toBe("deliver.echo-chat needs ECHO_CHAT_URL.");
      expect(unconfiguredDelivery({ ECHO_CHAT_URL: "http://chat.example" } as unknown as Env, deliver)).toBeUndefined();
      expect(CourseInput.safeParse({ topic: "Vectors", deliver: [{ platform: "echo-chat", to: "" }] }).success).toBe(false);
    });
  });
});

type Env = import("../../src/env").Env;
