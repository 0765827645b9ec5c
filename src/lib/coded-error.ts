// The one base of our errors: a message for people and a stable code for programs. A subclass exists only
// where it carries more (an HTTP status, the server that needs authorization, a retry time) or is caught
// by its type; everything else is a CodedError with its code. The core (src/agent) imports nothing of
// ours, so its ModelError has the same shape without this base.
export class CodedError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
