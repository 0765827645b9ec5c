// The MCP servers panel: each configured server's status and tool count, and a Connect button for one
// that needs OAuth authorization. Connect opens the server's authorization page in a new window; when the
// person comes back to this page, the list is read again.
import { make } from "./dom.js";

const STATUS = { connected: "Connected", needs_authorization: "Needs authorization", failed: "Failed", disabled: "Disabled" };

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

/** One server as a list item; `connect(name)` is the Connect button's action. */
export function serverItem(server, connect) {
  const item = make("li", { className: "mcp-server", attrs: { "data-status": server.status, "data-server": server.name } });
  const head = make("p", { className: "mcp-head" });
  head.append(make("strong", { text: server.name }), " ", make("span", { className: "badge", text: STATUS[server.status] ?? server.status }));
  const tools = server.status === "connected" ? ` · ${server.toolCount} tool${server.toolCount === 1 ? "" : "s"}` : "";
  item.append(head, make("p", { className: "meta", text: `${server.url} · ${server.transport}${tools}` }));
  if (server.error) item.append(make("p", { className: "failed", text: server.error }));
  if (server.status === "needs_authorization") {
    const button = make("button", { className: "primary", text: `Connect ${server.name}`, attrs: { type: "button" } });
    button.addEventListener("click", () => connect(server.name));
    item.append(button);
  }
  return item;
}
