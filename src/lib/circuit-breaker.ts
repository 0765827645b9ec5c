// A circuit breaker: after `failureThreshold` consecutive failures the circuit opens and calls
// fail fast for `openMs`, so a dead dependency costs the run nothing instead of a timeout per call.
// Once `openMs` has passed, one probe call is let through (half-open): its success closes the
// circuit, its failure opens it again. The clock is injected so tests need no real waiting.
import { CodedError } from "./coded-error";

export type CircuitState = "closed" | "open" | "half-open";

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before a probe is allowed. */
  openMs: number;
  now?: () => number;
}

export class CircuitOpenError extends CodedError<"circuit_open"> {
  /** `retryInMs`: time until a probe is allowed (0 while a probe is already in flight). */
  constructor(readonly retryInMs: number) {
    super("circuit_open", "circuit open");
  }
}

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private probeInFlight = false;
  private readonly now: () => number;

  constructor(readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): CircuitState {
    if (this.openedAt === undefined) return "closed";
    return this.now() - this.openedAt >= this.options.openMs ? "half-open" : "open";
  }

  /**
   * Runs `fn` unless the circuit is open (then throws CircuitOpenError without calling it).
   * A throw for which `isFailure` answers false (the dependency answered, the request was bad)
   * counts as a sign of health, like a success.
   */
  async run<T>(fn: () => Promise<T>, isFailure: (error: unknown) => boolean = () => true): Promise<T> {
    this.admit();
    const probe = this.openedAt !== undefined;
    if (probe) this.probeInFlight = true;
    try {
      const value = await fn();
      this.recordSuccess();
      return value;
    } catch (error) {
      if (isFailure(error)) this.recordFailure();
      else this.recordSuccess();
      throw error;
    } finally {
      if (probe) this.probeInFlight = false;
    }
  }

  private admit(): void {
    const state = this.state;
    if (state === "closed") return;
    if (state === "half-open" && !this.probeInFlight) return;
    const remaining = state === "open" ? this.options.openMs - (this.now() - (this.openedAt ?? 0)) : 0;
    throw new CircuitOpenError(remaining);
  }

  private recordSuccess(): void {
    this.failures = 0;
    this.openedAt = undefined;
  }

  private recordFailure(): void {
    this.failures += 1;
    // A failed probe reopens at once; a closed circuit opens when the threshold is reached.
    if (this.openedAt !== undefined || this.failures >= this.options.failureThreshold) {
      this.openedAt = this.now();
    }
  }
}
