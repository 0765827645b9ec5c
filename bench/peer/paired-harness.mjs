// Stand-in for peer-bench's harness.mjs used by the paired runner (paired.mjs): same constants, same
// `add` tool and counter, but bench() only registers the script's runOnce so that one process can
// alternate runs of several scripts. Copied to <peer-bench>/paired/harness.mjs at run time.
export const STEPS = Number(process.env.STEPS || 20);
export const PORT = Number(process.env.PORT || 8787);
export const BASE_URL = `http://127.0.0.1:${PORT}/v1`;
export const MODEL = "gpt-4o-mini";
export const API_KEY = "sk-mock";
export const PROMPT = "Call the add tool repeatedly until told you are done.";
export const RUNS = 0;
export const WARMUP = 0;

export const counter = { calls: 0, lastA: -1 };
export function add({ a, b }) {
  counter.calls++;
  counter.lastA = a;
  return a + b;
}
export const version = () => "see peer-bench";

export const registered = [];
export async function bench(o) {
  registered.push(o);
}
