/** One message of a Server-Sent Events stream, as the HTML standard dispatches it. */
export interface SseMessage {
  /** `message` when the server named none. */
  event: string;
  data: string;
  /** The last event id seen on the stream so far (it carries over to later messages). */
  id: string;
}

/**
 * An incremental parser for `text/event-stream` (HTML §9.2.6): feed it decoded text in chunks of
 * any size and it returns the messages each chunk completes. Comment lines (heartbeats) are
 * skipped; a message without data is not dispatched; an id that contains NUL is ignored.
 */
export class SseParser {
  private buffer = '';
  private afterCR = false;
  private started = false;
  private data: string[] = [];
  private event = '';
  private sawData = false;
  private idBuffer: string;
  /** The reconnection delay the server asked for (`retry:`), in milliseconds. */
  retryMs: number | undefined;
  /**
   * The id to send as Last-Event-ID when reconnecting: set when a message (or a blank-line block
   * with an `id` and no data) ends; a message without an `id` field keeps the previous one.
   */
  lastEventId: string;

  constructor(lastEventId = '') {
    this.lastEventId = lastEventId;
    this.idBuffer = lastEventId;
  }

  push(chunk: string): SseMessage[] {
    let text = chunk;
    // The last chunk ended in CR: an LF that starts this one belongs to it.
    if (this.afterCR && text.startsWith('\n')) text = text.slice(1);
    this.afterCR = false;
    text = this.buffer + text;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const out: SseMessage[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c !== '\n' && c !== '\r') continue;
      this.line(text.slice(start, i), out);
      if (c === '\r') {
        if (i === text.length - 1) this.afterCR = true;
        else if (text[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = text.slice(start);
    return out;
  }

  /** The stream ended: an unfinished message is dropped, as the standard says. */
  end(): void {
    this.buffer = '';
    this.afterCR = false;
    this.idBuffer = this.lastEventId;
    this.reset();
  }

  private reset() {
    this.data = [];
    this.event = '';
    this.sawData = false;
  }

  private line(line: string, out: SseMessage[]) {
    if (line === '') {
      this.lastEventId = this.idBuffer;
      if (this.sawData) out.push({ event: this.event || 'message', data: this.data.join('\n'), id: this.lastEventId });
      this.reset();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        this.sawData = true;
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.idBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        break;
    }
  }
}
