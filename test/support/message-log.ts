// A bot's messages read in order by a test: each `next(n)` waits for `n` messages after those already read.

/** Reads a chat's bot messages in order: `next(n)` waits for `n` messages after those already read. */
export function messageLog<M>(messages: () => Promise<M[]>, waitFor: <T>(check: () => Promise<T | false>, what: string) => Promise<T>) {
  let seen = 0;
  return async (n = 1): Promise<M[]> => {
    const all = await waitFor(async () => {
      const m = await messages();
      return m.length >= seen + n && m;
    }, `${n} new message(s) after ${seen}`);
    const fresh = all.slice(seen, seen + n);
    seen += n;
    return fresh;
  };
}
