// Stands in for the `openai` client's log helpers (wrangler.toml [alias], client.mjs's import alone) with
// one change: formatRequestDetails, which the client calls on every response to build a debug line's
// details (each header checked for a credential, the URL parsed twice), hands them back as they are.
// Every call of it in client.mjs is an argument of a `debug` log call, and the Worker's client never logs
// at debug (providers/openai.ts pins its level), so those details are never written: the work was for
// nothing, about 1 % of a run's CPU (BENCHMARKS.md, issue 29). test/project/bundle-stubs.test.ts checks both.
export { loggerFor, parseLogLevel, redactURL } from "../../node_modules/openai/internal/utils/log.mjs";

export const formatRequestDetails = <T>(details: T): T => details;
