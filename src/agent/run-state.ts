// Facts the parts of one run share (the URLs fetched so far, the skills loaded), typed by key the way
// Hono types c.get/c.set: each key's value type is declared once in RunStateVars, by the module that
// owns the key (`declare module` merges a product tool's keys in), and get/set check it.

/** Key → value type. The core declares its own keys here; tools add theirs by declaration merging. */
export interface RunStateVars {}

export type RunStateKey = keyof RunStateVars;

export class RunState {
  private readonly values: Map<string, unknown>;

  constructor(initial: Partial<RunStateVars> = {}) {
    this.values = new Map(Object.entries(initial));
  }

  get<K extends RunStateKey>(key: K): RunStateVars[K] | undefined {
    // Only set<K> writes a key, so the value stored under K has K's type.
    return this.values.get(key) as RunStateVars[K] | undefined;
  }

  set<K extends RunStateKey>(key: K, value: RunStateVars[K]): void {
    this.values.set(key, value);
  }

  has(key: RunStateKey): boolean {
    return this.values.has(key);
  }
}
