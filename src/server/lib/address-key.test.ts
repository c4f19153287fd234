import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey', () => {
  it('counts IPv4 addresses one by one and IPv6 ones by /64 network', () => {
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
