// Facts the parts of one run share (the URLs fetched so far, the skills loaded), typed by key the way
// Hono types c.get/c.set: each key's value type is declared once in RunStateVars, by the module that
// owns the key (`declare module` merges a product tool's keys in), and get/set check it.
//
// A run may go on in another invocation (a yield between steps, a pause for approval, a restart), so a
// value is data a snapshot can carry: JSON, or a Map or Set of JSON. The host stores the snapshot with
// the run and hands it back to the invocation that continues it (RunState.restore).

/** Key → value type. The core declares its own keys here; tools add theirs by declaration merging. */
export interface RunStateVars {}

export type RunStateKey = keyof RunStateVars;

export class RunState {
  private readonly values: Map<string, unknown>;
  private sets = 0;

  constructor(initial: Partial<RunStateVars> = {}) {
    this.values = new Map(Object.entries(initial));
  }

  get<K extends RunStateKey>(key: K): RunStateVars[K] | undefined {
    // Only set<K> writes a key, so the value stored under K has K's type.
    return this.values.get(key) as RunStateVars[K] | undefined;
  }

  /** Also after changing a value in place (adding to a Set): the host saves the state when a key is set. */
  set<K extends RunStateKey>(key: K, value: RunStateVars[K]): void {
    this.values.set(key, value);
    this.sets++;
  }

  /** Moves with every set(): the host saves a snapshot with a message only when it moved. */
  get version(): number {
    return this.sets;
  }

  has(key: RunStateKey): boolean {
    return this.values.has(key);
  }

  /** Every key's value as JSON text; compared as text, it also tells whether a value changed in place. */
  snapshot(): string {
    if (!this.values.size) return "{}";
    // Tagged by hand, not by a replacer: JSON.stringify with a replacer function leaves V8's fast path.
    const tagged: Record<string, unknown> = {};
    for (const [key, value] of this.values) tagged[key] = value instanceof Map ? { [MAP]: [...value] } : value instanceof Set ? { [SET]: [...value] } : value;
    return JSON.stringify(tagged);
  }

  /** The state a snapshot holds; none (a run's first invocation) gives an empty state. */
  static restore(snapshot: string | null | undefined): RunState {
    if (!snapshot || snapshot === "{}") return new RunState();
    const values = JSON.parse(snapshot) as Record<string, unknown>;
    for (const [key, value] of Object.entries(values)) values[key] = untag(value);
    return new RunState(values as Partial<RunStateVars>);
  }
}

// A Map or Set value becomes a one-key object tagged with a name no state value uses as a key.
const MAP = "$runState.map";
const SET = "$runState.set";

function untag(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const tagged = value as Record<string, unknown>;
  if (Array.isArray(tagged[MAP])) return new Map(tagged[MAP] as Array<[unknown, unknown]>);
  if (Array.isArray(tagged[SET])) return new Set(tagged[SET] as unknown[]);
  return value;
}
