import { describe, expect, it } from "vitest";
import { CircuitBreaker, CircuitOpenError } from "../../src/lib/circuit-breaker";

function setup(failureThreshold = 3, openMs = 1000) {
  const clock = { t: 0 };
  const breaker = new CircuitBreaker({ failureThreshold, openMs, now: () => clock.t });
  let calls = 0;
  const succeed = () => breaker.run(async () => ++calls);
  const fail = () =>
    breaker.run(async () => {
      calls++;
      throw new Error("down");
    });
  return { clock, breaker, succeed, fail, calls: () => calls };
}

describe("CircuitBreaker", () => {
  it("opens after N consecutive failures and then fails fast without calling", async () => {
    const b = setup(3);
    for (let i = 0; i < 3; i++) await expect(b.fail()).rejects.toThrow("down");
    expect(b.breaker.state).toBe("open");
    const before = b.calls();
    const err = await b.succeed().catch((e) => e);
    expect(err).toBeInstanceOf(CircuitOpenError);
    expect((err as CircuitOpenError).retryInMs).toBe(1000);
    expect(b.calls()).toBe(before);
  });

  it("counts only consecutive failures: a success in between resets the count", async () => {
    const b = setup(3);
    await b.fail().catch(() => {});
    await b.fail().catch(() => {});
    await b.succeed();
    await b.fail().catch(() => {});
    await b.fail().catch(() => {});
    expect(b.breaker.state).toBe("closed");
    await b.fail().catch(() => {});
    expect(b.breaker.state).toBe("open");
  });

  it("after openMs lets one probe through; its success closes the circuit", async () => {
    const b = setup(1, 1000);
    await b.fail().catch(() => {});
    b.clock.t = 999;
    await expect(b.succeed()).rejects.toBeInstanceOf(CircuitOpenError);
    b.clock.t = 1000;
    expect(b.breaker.state).toBe("half-open");
    await expect(b.succeed()).resolves.toBeTypeOf("number");
    expect(b.breaker.state).toBe("closed");
  });

  it("a failed probe reopens the circuit for another openMs", async () => {
    const b = setup(2, 1000);
    await b.fail().catch(() => {});
    await b.fail().catch(() => {});
    b.clock.t = 1500;
    await expect(b.fail()).rejects.toThrow("down");
    expect(b.breaker.state).toBe("open");
    b.clock.t = 2400;
    await expect(b.succeed()).rejects.toBeInstanceOf(CircuitOpenError);
    b.clock.t = 2500;
    await expect(b.succeed()).resolves.toBeTypeOf("number");
  });

  it("while the probe is in flight, other calls fail fast", async () => {
    const b = setup(1, 100);
    await b.fail().catch(() => {});
    b.clock.t = 100;
    let release!: () => void;
    const probe = b.breaker.run(() => new Promise<string>((r) => (release = () => r("probe"))));
    const other = await b.succeed().catch((e) => e);
    expect(other).toBeInstanceOf(CircuitOpenError);
    expect((other as CircuitOpenError).retryInMs).toBe(0);
    release();
    await expect(probe).resolves.toBe("probe");
    await expect(b.succeed()).resolves.toBeTypeOf("number");
  });

  it("errors that isFailure rejects count as health, not failure", async () => {
    const b = setup(1);
    const badRequest = () =>
      b.breaker.run(
        async () => {
          throw new Error("invalid params");
        },
        () => false,
      );
    await expect(badRequest()).rejects.toThrow("invalid params");
    await expect(badRequest()).rejects.toThrow("invalid params");
    expect(b.breaker.state).toBe("closed");
  });
});
