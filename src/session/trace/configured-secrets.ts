// The secret values this deployment holds, for redaction: the named secrets, any var whose name says
// it is a key, token, secret or password, the webhook hooks' signing secrets, the tenants' API keys, and MCP servers' header
// values (with the `${NAME}` secrets they reference). Read from the raw env, so redaction still works
// when some other setting fails to parse.
const NAMED_SECRETS = [
  "OPENAI_API_KEY",
  "API_TOKEN",
  "TELEGRAM_BOT_TOKEN",
  "TELEGRAM_WEBHOOK_SECRET",
  "SLACK_SIGNING_SECRET",
  "SLACK_BOT_TOKEN",
  "SEARCH_API_KEY",
];
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|CREDENTIALS?)$/i;
/** JSON vars whose `secret` and `key` fields and `headers` values are secrets. */
const JSON_WITH_SECRETS = ["HOOKS", "WEBHOOKS", "MCP_SERVERS", "API_KEYS"];
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function configuredSecrets(env: Record<string, unknown>): string[] {
  const found = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === "string" && v) found.add(v);
  };
  for (const name of NAMED_SECRETS) add(env[name]);
  for (const [name, value] of Object.entries(env)) if (SECRET_NAME.test(name)) add(value);
  for (const name of JSON_WITH_SECRETS) {
    const raw = env[name];
    if (typeof raw !== "string" || !raw.trim()) continue;
    for (const [, ref] of raw.matchAll(REFERENCE)) add(env[ref!]);
    try {
      collect(JSON.parse(raw), add);
    } catch {
      // Invalid JSON fails config loading with its own message; nothing to collect here.
    }
  }
  return [...found];
}

function collect(value: unknown, add: (v: unknown) => void, inHeaders = false): void {
  if (!value || typeof value !== "object") return;
  for (const [key, v] of Object.entries(value)) {
    if (inHeaders || key === "secret" || key === "key") add(v);
    collect(v, add, key === "headers");
  }
}
