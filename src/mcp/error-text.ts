// Errors from fetch, the SDK and servers, as one line a person (or the model) can act on.

/** An error's message, with its cause's: Node's "fetch failed" says why only in the cause. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
}
