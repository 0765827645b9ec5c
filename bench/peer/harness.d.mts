// Types of ../shared/peer-bench/harness.mjs, which the bundled entries import at run time: the entries
// import "./harness.mjs" and bench/peer/build.mjs rewrites it to "../harness.mjs" (fw/ → peer-bench/).
export const STEPS: number;
export const RUNS: number;
export const WARMUP: number;
export const PORT: number;
export const BASE_URL: string;
export const MODEL: string;
export const API_KEY: string;
export const PROMPT: string;
export const counter: { calls: number; lastA: number };
export function add(args: { a: number; b: number }): number;
export function version(pkg: string): string;
export function bench(o: { framework: string; packages: string[]; runOnce: () => Promise<string>; notes?: string }): Promise<void>;
