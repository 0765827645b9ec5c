import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { messages, startRun, trace, type RunBody } from "../../support/session-api";
import { uniqueId } from "../../support/worker-http";

const SESSIONS = 50;
const RUNS_PER_SESSION = 4;
/** Per run: the user's message, the model's tool call, the tool's result, the model's answer. */
const MESSAGES_PER_RUN = 4;

describe("200 concurrent runs across 50 sessions", () => {
  it("completes every run, stores every message once, and keeps each session's data its own", { timeout: 120_000 }, async () => {
    const t0 = Date.now();
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, s) => {
        const sid = uniqueId(`conc${s}`);
        const tag = `<${sid}>`;
        // One script per session: its runs take the replies in the order the session runs them.
        const replies = Array.from({ length: RUNS_PER_SESSION }, (_, r) => [
          { toolCalls: [{ name: "calculate", args: { expression: `${s}*100+${r}` } }] },
          { text: `${tag} answer ${r}` },
        ]).flat();
        return { sid, tag, marker: await script(uniqueId("conc"), replies) };
      }),
    );
    const runs = await Promise.all(
      sessions.flatMap(({ sid, marker }) =>
        Array.from({ length: RUNS_PER_SESSION }, async (_, r): Promise<RunBody & { sid: string; input: string }> => {
          const input = `${marker} question ${r} of ${sid}`;
          return { ...(await startRun(sid, input)), sid, input };
        }),
      ),
    );
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);

    const completed = runs.filter((r) => r.status === "completed").length;
    let stored = 0;
    let duplicated = 0;
    let leaked = 0;
    for (const { sid, tag } of sessions) {
      const history = await messages(sid);
      stored += history.length;
      duplicated += history.length - new Set(history.map((m) => m.id)).size;
      const inputs = runs.filter((r) => r.sid === sid).map((r) => r.input);
      for (const input of inputs) expect(history.filter((m) => m.role === "user" && m.content === input)).toHaveLength(1);
      const answers = history.filter((m) => m.role === "assistant" && !m.toolCalls?.length).map((m) => m.content);
      expect(answers.sort()).toEqual(Array.from({ length: RUNS_PER_SESSION }, (_, r) => `${tag} answer ${r}`));
      expect(history.filter((m) => m.role === "tool" && m.status === "success")).toHaveLength(RUNS_PER_SESSION);
      leaked += history.filter((m) => sessions.some((o) => o.sid !== sid && (m.content.includes(o.tag) || m.content.includes(`of ${o.sid}`)))).length;
      const types = (await trace(sid)).map((e) => e.type);
      expect(types.filter((t) => t === "run.completed")).toHaveLength(RUNS_PER_SESSION);
    }
    const expected = SESSIONS * RUNS_PER_SESSION * MESSAGES_PER_RUN;
    console.log(
      `reliability: ${runs.length} runs / ${SESSIONS} sessions in ${seconds}s, ${completed} completed, ${stored} of ${expected} messages stored (${expected - stored} lost, ${duplicated} duplicated), ${leaked} cross-session leaks`,
    );
    expect(completed).toBe(SESSIONS * RUNS_PER_SESSION);
    expect(stored).toBe(expected);
    expect(duplicated).toBe(0);
    expect(leaked).toBe(0);
  });
});
