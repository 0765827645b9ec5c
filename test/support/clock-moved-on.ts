// Time passing without waiting for it: a window of seconds the code measures with Date (a retry's window) is
// crossed by moving the clock, not slept out. Only Date moves: timers keep real time, so nothing fires early, and
// the clock keeps ticking from where it was moved to while the call runs.
import { vi } from "vitest";

/** Runs `call` with the clock (Date, in this isolate: the code under test read it) at `at` (epoch ms), then puts it back. */
export async function atTime<T>(at: number, call: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: at, shouldAdvanceTime: true });
  try {
    return await call();
  } finally {
    vi.useRealTimers();
  }
}
