// Facts the parts of one run share (the URLs fetched so far, the skills loaded), typed by key the way
// Hono types c.get/c.set: each key's value type is declared once in RunStateVars, by the module that
// owns the key (`declare module` merges a product tool's keys in), and get/set check it.
//
// A run may go on in another invocation (a yield between steps, a pause for approval, a restart), so the
// state is data a snapshot can carry: JSON values, Maps and Sets. The host stores the snapshot with the
// run and hands it back to the invocation that continues it (RunState.restore).

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

  /** Every key's value as JSON text; compared as text, it also tells whether a value changed in place. */
  snapshot(): string {
    return this.values.size ? JSON.stringify(Object.fromEntries(this.values), encode) : "{}";
  }

  /** The state a snapshot holds; none (a run's first invocation) gives an empty state. */
  static restore(snapshot: string | null | undefined): RunState {
    return new RunState(snapshot && snapshot !== "{}" ? (JSON.parse(snapshot, decode) as Partial<RunStateVars>) : {});
  }
}

// A Map or Set becomes a one-key object tagged with a name no state value uses as a key.
const MAP = "$runState.map";
const SET = "$runState.set";

function encode(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { [MAP]: [...value] };
  if (value instanceof Set) return { [SET]: [...value] };
  return value;
}

function decode(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const tagged = value as Record<string, unknown>;
  if (Array.isArray(tagged[MAP])) return new Map(tagged[MAP] as Array<[unknown, unknown]>);
  if (Array.isArray(tagged[SET])) return new Set(tagged[SET] as unknown[]);
  return value;
}
