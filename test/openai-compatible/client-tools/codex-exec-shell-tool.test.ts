// The Codex CLI (`@openai/codex`, a dev dependency) against the Worker under wrangler dev, over the Responses
// wire with its own tools on: the scripted model calls Codex's shell tool (exec_command), Codex runs the
// command on this machine and sends its output back as function_call_output, the same run goes on, and the
// model's answer, which reads that output, is what Codex prints.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ScriptedModel } from "../../support/scripted-model";
import { startWranglerDev, type WranglerDev } from "../../support/wrangler-dev";

const CODEX = resolve(import.meta.dirname, "../../../node_modules/.bin/codex");
const model = new ScriptedModel();
let worker: WranglerDev;
let home: string;

beforeAll(async () => {
  await model.listen();
  worker = await startWranglerDev({ vars: model.workerVars });
  home = mkdtempSync(join(tmpdir(), "codex-home-"));
  // The hosted web search and the multi-agent namespace are not function tools: the agent refuses them (400),
  // so they are turned off, as docs/openai-compatible.md#client-tools says for Codex.
  writeFileSync(
    join(home, "config.toml"),
    [
      'model = "study-agent"',
      'model_provider = "study"',
      'web_search = "disabled"',
      "[model_providers.study]",
      'name = "StudyAgent Edge"',
      `base_url = "${worker.url}/v1"`,
      'env_key = "STUDY_AGENT_KEY"',
      'wire_api = "responses"',
      "[features]",
      "multi_agent = false",
    ].join("\n"),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), model.close()]);
  if (home) rmSync(home, { recursive: true, force: true });
});

it("codex exec runs the model's call of its shell tool and prints the answer made from its output", async () => {
  const answer = "The command printed codex-ran-42.";
  const marker = model.script("codex", [
    {
      dynamic: (req) => {
        const shell = (req.body.tools as Array<{ type: string; name?: string }>).find((t) => t.name === "exec_command" || t.name === "shell");
        return {
          toolCalls: [
            {
              name: shell?.name ?? "exec_command",
              args: shell?.name === "shell" ? { command: ["bash", "-lc", "echo codex-ran-$((6*7))"] } : { cmd: "echo codex-ran-$((6*7))" },
            },
          ],
        };
      },
    },
    { text: answer },
  ]);
  const work = mkdtempSync(join(tmpdir(), "codex-work-"));
  try {
    const stdout = await runCodex([
      "exec",
      "--skip-git-repo-check",
      "--sandbox",
      "danger-full-access",
      "-C",
      work,
      `${marker} Run the command and tell me what it printed.`,
    ]);
    expect(stdout).toContain(answer);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const seen = model.requests("codex");
  expect(seen).toHaveLength(2);
  // Codex's own tools reached the model beside the agent's.
  expect(seen[0]!.tools!.map((t) => t.function?.name ?? (t as unknown as { name: string }).name)).toEqual(
    expect.arrayContaining(["exec_command", "web_search"]),
  );
  // The command ran in Codex and its output came back to the same run as the call's result.
  const result = seen[1]!.messages.at(-1)!;
  expect(result.role).toBe("tool");
  expect(String(result.content)).toContain("codex-ran-42");
}, 200_000);

/** Runs the Codex CLI with no standard input (it would wait for more of the prompt there); its stdout, or a rejection with its stderr. */
function runCodex(args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(CODEX, args, {
      env: { ...process.env, CODEX_HOME: home, STUDY_AGENT_KEY: "unused-without-API_TOKEN" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (err += d));
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) done(out);
      else fail(new Error(`codex exited ${code}: ${err.slice(-2000)}`));
    });
  });
}
