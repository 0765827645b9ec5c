// Downloading a file a person sent to a chat, never past a size limit: the body is read as a stream and
// dropped once it passes MAX_IMAGE_BYTES, so an oversize file costs the Worker at most that much.

/** A person's file over the size limit: it is not read further, nor stored. */
export class FileTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`The file has ${bytes} bytes or more; at most ${maxBytes} are accepted.`);
  }
}

/** The response's body, or FileTooLargeError once it passes `maxBytes`. */
export async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new FileTooLargeError(declared, maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new FileTooLargeError(total, maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}
