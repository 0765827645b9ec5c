// A fetch that records what the MCP client sends: method, URL, status and JSON-RPC method.
export interface FetchRecord {
  method: string;
  url: string;
  status: number;
  rpc?: string;
}

export function recordingFetch(): { fetch: typeof fetch; log: FetchRecord[] } {
  const log: FetchRecord[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    let rpc: string | undefined;
    if (typeof init?.body === "string") {
      try {
        rpc = JSON.parse(init.body).method;
      } catch {
        rpc = undefined;
      }
    }
    const response = await fetch(input, init);
    log.push({ method: init?.method ?? "GET", url, status: response.status, rpc });
    return response;
  };
  return { fetch: wrapped, log };
}
