// The MCP servers panel: each configured server's status and tool count, and a Connect button for one
// that needs OAuth authorization. Connect opens the server's authorization page in a new window; when the
// person comes back to this page, the list is read again.
import { make } from "./dom.js";
import { count, phraseOf, t } from "./i18n.js";

const STATUS = { connected: "connected", needs_authorization: "needsAuthorizationStatus", failed: "failedStatus", disabled: "disabled" };

/**
 * Starts authorizing `name` and opens where the person consents; resolves once that window is open.
 * @param {{authorizeMcpServer(name: string): Promise<{authorizationUrl?: string, authorized?: boolean}>}} api
 * @param {() => void} onReturn called when this page has the focus again (the person is back)
 */
export async function connectServer(api, name, onReturn) {
  const { authorizationUrl } = await api.authorizeMcpServer(name);
  if (!authorizationUrl) return onReturn(); // a grant that needs no browser is done already
  window.addEventListener("focus", onReturn, { once: true });
  window.open(authorizationUrl, "_blank", "noopener");
}

/**
 * A Connect button and the place its failure shows. Disabled while `connect(name)` is pending, so a double click
 * is one authorize request and one consent window; enabled again when it settles, with why beside it if it
 * failed (`connect` rejects with the message to show).
 * @param {(name: string) => Promise<void>} connect
 */
export function connectControl(name, connect, className) {
  const control = make("span", { className: "connect" });
  const button = make("button", { className, text: t("connect", { name }), attrs: { type: "button" } });
  const failure = make("span", { className: "failed", attrs: { role: "alert" } });
  failure.hidden = true;
  button.addEventListener("click", async () => {
    button.disabled = true;
    failure.hidden = true;
    try {
      await connect(name);
    } catch (e) {
      failure.textContent = ` ${t("couldNotConnect", { name, why: e instanceof Error ? e.message : String(e) })}`;
      failure.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
  control.append(button, failure);
  return control;
}

/** One server as a list item; `connect(name)` is the Connect button's action (connectControl). */
export function serverItem(server, connect) {
  const item = make("li", { className: "mcp-server", attrs: { "data-status": server.status, "data-server": server.name } });
  const head = make("p", { className: "mcp-head" });
  head.append(make("strong", { text: server.name }), " ", make("span", { className: "badge", text: phraseOf(STATUS, server.status) }));
  const tools = server.status === "connected" ? ` · ${count(server.toolCount, "toolOne", "toolMany")}` : "";
  item.append(head, make("p", { className: "meta", text: `${server.url} · ${server.transport}${tools}` }));
  // A shared server this caller may not connect (no link for it): said in the page's words, and no Connect that would be refused.
  const operators = server.shared && server.status === "needs_authorization" && !server.authorizationUrl;
  if (operators) item.append(make("p", { className: "meta", text: t("operatorConnects", { name: server.name }) }));
  else if (server.error) item.append(make("p", { className: "failed", text: server.error }));
  // A connected server's config problem (an allowTools pattern that matches none of its tools): why a tool is missing.
  for (const warning of server.warnings ?? []) item.append(make("p", { className: "failed", text: warning.message }));
  if (server.status === "needs_authorization" && !operators) {
    item.append(connectControl(server.name, connect, "primary"));
  }
  return item;
}
