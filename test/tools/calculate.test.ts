import { describe, expect, it } from "vitest";
import { calculateTool, evaluate } from "../../src/tools/calculate";
import { RunState } from "../../src/agent/run-state";

const ctx = { runId: "r", sessionId: "s", callId: "c", signal: new AbortController().signal, emit: () => {}, runState: new RunState() };

describe("calculate evaluates arithmetic without eval", () => {
  it.each([
    ["12*7", 84],
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["2^3^2", 512],
    ["2**10", 1024],
    ["-3^2", -9],
    ["10 % 4", 2],
    ["2^-1", 0.5],
    ["2 ** 3", 8],
    ["sqrt(16) + abs(-2)", 6],
    ["max(1, 5, 3) - min(4, 2)", 3],
    ["round(pi * 100) / 100", 3.14],
    ["1.5e3 / .5", 3000],
    ["log(1000) + ln(e)", 4],
  ])("%s = %d", (expr, value) => {
    expect(evaluate(expr)).toBeCloseTo(value, 10);
  });

  it.each([
    ["2 +", "unexpected end"],
    ["(1 + 2", "missing )"],
    ["process.exit()", 'unknown name "process"'],
    ["constructor", 'unknown name "constructor"'],
    ["1; 2", 'unexpected ";"'],
    ["sqrt 4", "needs parentheses"],
  ])("refuses %s", (expr, message) => {
    expect(() => evaluate(expr)).toThrow(message);
  });

  it("answers the model with a result or an error result", async () => {
    expect(await calculateTool.run({ expression: "6*7" }, ctx)).toMatchObject({ status: "success", content: "6*7 = 42", data: { value: 42 } });
    expect(await calculateTool.run({ expression: "1/0" }, ctx)).toMatchObject({ status: "error" });
    expect(calculateTool.validate({ expression: "" })).toMatchObject({ ok: false });
    expect(calculateTool.parameters).toMatchObject({ type: "object", required: ["expression"] });
  });
});
