// One Idempotency-Key per thing the learner submits (a course, an answer): sending the same body again
// after a failure (a network error, a lost answer) is a retry of that submission and carries its key, so
// the server does the work once; a changed body, or any submission after a success, is a new one with a
// new key. Plain ESM, no DOM: browsers and Node 22 alike.

/** 32 hex digits from the platform's random source (crypto.randomUUID needs a secure context; this does not). */
export function randomKey() {
  return `page-${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** @param {() => string} newKey */
export function attemptKeys(newKey = randomKey) {
  /** @type {{ body: string, key: string } | null} */
  let open = null;
  return {
    /** The key to send `body` with: the open attempt's when it sent this very body, else a new attempt's. */
    keyFor(body) {
      const text = JSON.stringify(body);
      if (open?.body !== text) open = { body: text, key: newKey() };
      return open.key;
    },
    /** The server answered: the next submission is a new one, even with the same body. */
    done() {
      open = null;
    },
  };
}
