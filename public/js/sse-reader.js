// Reads a Server-Sent Events body (a fetch Response's ReadableStream) into {id, event, data} objects,
// data parsed as JSON. Plain ESM with no DOM: the web page and the CLI (Node) both use it.

/** @param {ReadableStream<Uint8Array>} body */
export async function* readSse(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value.replace(/\r\n?/g, "\n");
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const event = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) yield event;
      }
    }
    const last = parseBlock(buffer);
    if (last) yield last;
  } finally {
    // Leaving the loop early (a cancelled run, a closed page) stops reading the response.
    await reader.cancel().catch(() => {});
  }
}

function parseBlock(block) {
  let event = "message";
  let id;
  const data = [];
  for (const line of block.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    // As sent: a trace seq, or a live delta's mark "<seq>.<chars>", whose digits a number would lose.
    else if (field === "id") id = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return null;
  const text = data.join("\n");
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { id, event, data: parsed };
}
