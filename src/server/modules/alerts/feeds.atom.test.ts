import { describe, expect, it } from 'vitest';
import { xmlText } from './feeds.atom';

describe('xmlText', () => {
  it('escapes markup and quotes and drops what XML 1.0 cannot carry', () => {
    expect(xmlText(`A & B <c> "d" 'e'`)).toBe('A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;');
    expect(xmlText('uno\u0000dos\u0007\u000b\ttres\nñ\uFFFE')).toBe('unodos\ttres\nñ');
    expect(xmlText('lone \uD800 pair 😀 end \uDC00')).toBe('lone  pair 😀 end ');
  });
});
