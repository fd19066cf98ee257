import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

describe('SseParser', () => {
  it('reads named events with ids and skips heartbeat comments', () => {
    const p = new SseParser();
    const out = p.push(': heartbeat\n\nid: 4\nevent: notification\ndata: {"a":1}\n\n');
    expect(out).toEqual([{ event: 'notification', data: '{"a":1}', id: '4' }]);
    expect(p.lastEventId).toBe('4');
  });

  it('puts messages together across chunks, whatever the split', () => {
    const text = 'id: 1\r\nevent: notification\r\ndata: one\r\n\r\nid: 2\rdata: two\rdata: lines\r\r';
    for (let size = 1; size <= text.length; size++) {
      const p = new SseParser();
      const out = [];
      for (let i = 0; i < text.length; i += size) out.push(...p.push(text.slice(i, i + size)));
      expect(out, `chunks of ${size}`).toEqual([
        { event: 'notification', data: 'one', id: '1' },
        { event: 'message', data: 'two\nlines', id: '2' },
      ]);
    }
  });

  it('keeps the last id for messages without one, and follows the standard on odd fields', () => {
    const p = new SseParser('9');
    const out = p.push('\uFEFFdata\ndata:x\nretry: 3000\nfoo: bar\n\nid: a\0b\ndata: y\n\n');
    expect(out).toEqual([
      { event: 'message', data: '\nx', id: '9' },
      { event: 'message', data: 'y', id: '9' },
    ]);
    expect(p.retryMs).toBe(3000);
  });

  it('takes an id only once its block ends, and drops an unfinished message at the end', () => {
    const p = new SseParser();
    expect(p.push('id: 5\ndata: half')).toEqual([]);
    expect(p.lastEventId).toBe('');
    p.end();
    expect(p.lastEventId).toBe('');
    expect(p.push('id: 6\n\n')).toEqual([]);
    expect(p.lastEventId).toBe('6');
  });
});
