// A minimal DevTools-protocol client over a hand-rolled WebSocket (RFC 6455 text frames): Node's
// built-in WebSocket is refused by wrangler's inspector proxy, a plain HTTP upgrade is not.
import { randomBytes } from "node:crypto";
import http from "node:http";

export async function connectCdp(wsUrl) {
  const url = new URL(wsUrl);
  const socket = await new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      headers: { Connection: "Upgrade", Upgrade: "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": randomBytes(16).toString("base64") },
    });
    req.on("upgrade", (_res, sock) => resolve(sock));
    req.on("response", (res) => reject(new Error(`no upgrade: HTTP ${res.statusCode}`)));
    req.on("error", reject);
    req.end();
  });
  let buf = Buffer.alloc(0);
  let parts = [];
  let nextId = 0;
  const pending = new Map();
  const onMessage = (text) => {
    const msg = JSON.parse(text);
    const p = msg.id !== undefined && pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
    else p.resolve(msg.result);
  };
  socket.on("data", (d) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      if (buf.length < 2) return;
      const fin = (buf[0] & 0x80) !== 0;
      const opcode = buf[0] & 0x0f;
      let len = buf[1] & 0x7f;
      let off = 2;
      if (len === 126) {
        if (buf.length < 4) return;
        len = buf.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (buf.length < 10) return;
        len = Number(buf.readBigUInt64BE(2));
        off = 10;
      }
      if (buf.length < off + len) return;
      const payload = buf.subarray(off, off + len);
      buf = buf.subarray(off + len);
      if (opcode === 0x8) return socket.end();
      if (opcode === 0x9 || opcode === 0xa) continue; // ping / pong
      parts.push(payload);
      if (fin) {
        const text = Buffer.concat(parts).toString("utf8");
        parts = [];
        onMessage(text);
      }
    }
  });
  const sendText = (text) => {
    const data = Buffer.from(text);
    const mask = randomBytes(4);
    const head =
      data.length < 126
        ? Buffer.from([0x81, 0x80 | data.length])
        : data.length < 65536
          ? Buffer.from([0x81, 0x80 | 126, data.length >> 8, data.length & 255])
          : null;
    if (!head) throw new Error("message too long");
    const body = Buffer.alloc(data.length);
    for (let i = 0; i < data.length; i++) body[i] = data[i] ^ mask[i & 3];
    socket.write(Buffer.concat([head, mask, body]));
  };
  return {
    send(method, params = {}) {
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, method });
        sendText(JSON.stringify({ id, method, params }));
      });
    },
    close() {
      socket.destroy();
    },
  };
}
