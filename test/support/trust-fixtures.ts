// The permission rules and webhook hook the workers test pool runs with (vitest.config.ts), shared
// with the tests that rely on them. Only calculate calls with these distinctive expressions are
// affected, so every other test runs as if no rules were set.
export const ASK_PREFIX = "1111+";
export const DENY_PREFIX = "6666+";

export const TEST_PERMISSIONS = [
  { tool: "calculate", when: { expression: `${ASK_PREFIX}*` }, action: "ask" },
  { tool: "calculate", when: { expression: `${DENY_PREFIX}*` }, action: "deny" },
];

export const TEST_HOOK_SECRET = "test-hook-secret-0123456789";
export const TEST_HOOK_EVENTS = ["run.completed", "run.failed", "approval.*"];
