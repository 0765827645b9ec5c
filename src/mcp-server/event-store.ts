// The MCP transport's EventStore over the Durable Object's SQLite: every message the server sends on an
// SSE stream is stored with an increasing id before it is written, so a client that lost the stream
// (a dropped connection during a long `study` call) reconnects with Last-Event-ID and gets the rest,
// even when the tool call finished while it was away.
import type { EventId, EventStore, StreamId } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

export class SqlEventStore implements EventStore {
  /** @param maxEvents the newest this many events are kept; older ones can no longer be resumed from. */
  constructor(
    private readonly sql: SqlStorage,
    private readonly maxEvents: number,
  ) {}

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const { id } = this.sql
      .exec<{ id: number }>("INSERT INTO mcp_events (stream_id, message) VALUES (?, ?) RETURNING id", streamId, JSON.stringify(message))
      .one();
    this.sql.exec("DELETE FROM mcp_events WHERE id <= ?", id - this.maxEvents);
    return String(id);
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.sql.exec<{ stream_id: string }>("SELECT stream_id FROM mcp_events WHERE id = ?", Number(eventId)).toArray()[0]?.stream_id;
  }

  async replayEventsAfter(lastEventId: EventId, { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> }): Promise<StreamId> {
    const streamId = await this.getStreamIdForEventId(lastEventId);
    if (streamId === undefined) throw new Error(`unknown event id ${lastEventId}`);
    const rows = this.sql
      .exec<{ id: number; message: string }>("SELECT id, message FROM mcp_events WHERE stream_id = ? AND id > ? ORDER BY id", streamId, Number(lastEventId))
      .toArray();
    for (const row of rows) {
      const message = JSON.parse(row.message) as JSONRPCMessage;
      // Priming events ({}) only hand the client an id to resume from; they carry no message.
      if (Object.keys(message).length > 0) await send(String(row.id), message);
    }
    return streamId;
  }
}
