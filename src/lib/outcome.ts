// The one shape a Durable Object's command answers across RPC: `{ok: true, …result}`, or a refusal with a
// code of the catalogue (error-codes.ts) and a message. Callers switch on `ok`, then on `code`; the HTTP
// layer turns a refusal into its HTTP error (HttpError.of). A query that finds nothing answers null.
import type { ErrorCode } from "./error-codes";

export interface Refusal<C extends ErrorCode = ErrorCode> {
  ok: false;
  code: C;
  message: string;
}

export type Outcome<T extends object, C extends ErrorCode = ErrorCode> = ({ ok: true } & T) | Refusal<C>;

export const refuse = <C extends ErrorCode>(code: C, message: string): Refusal<C> => ({ ok: false, code, message });

export const succeed = <T extends object>(result: T): { ok: true } & T => ({ ok: true, ...result });
