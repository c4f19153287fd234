import { describe, expect, it } from 'vitest';
import { PeerListSchema, PeerMonitorSchema } from './peer-schemas';

describe('what we accept from another server', () => {
  it('keeps an emoji whole when a long name is cut, and replaces half of a character', () => {
    const name = `${'a'.repeat(299)}😀 y más`;
    const parsed = PeerMonitorSchema.parse({ _id: 'x', name, shortName: 'b\ud800c', color: '#123456' });
    expect(parsed.name).toBe(`${'a'.repeat(299)}😀`);
    expect(parsed.shortName).toBe('b\ufffdc');
    // Every text we keep encodes to UTF-8 and back unchanged (PostgreSQL would refuse it otherwise).
    expect(Buffer.from(parsed.name, 'utf8').toString('utf8')).toBe(parsed.name);
  });

  it('leaves out a monitor whose id holds half of a character (it goes back into addresses)', () => {
    const list = PeerListSchema.parse([
      { _id: 'a\udc00', name: 'Roto', color: '#fff' },
      { _id: 'ok', name: 'Bueno', color: '#fff' },
    ]);
    expect(list.map((monitor) => monitor.name)).toEqual(['Bueno']);
  });
});
