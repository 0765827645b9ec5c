// Waits for background work (a bot's answer, a webhook delivery) in Node and workerd tests alike.

/** Polls until `check` returns a value that is not undefined (or false). */
export async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
