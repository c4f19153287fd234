import { describe, expect, it } from 'vitest';
import { sanitizeFormatted } from './rich-text';

describe('sanitizeFormatted', () => {
  it('keeps the allowed tags without attributes and drops script with its content', () => {
    expect(sanitizeFormatted('<script>alert(1)</script><b>x</b><img src=x onerror=alert(1)>')).toBe(
      '<b>x</b>',
    );
    expect(sanitizeFormatted('<p style="color:red" onclick="x()">Hola <strong>mundo</strong><br></p>')).toBe(
      '<p>Hola <strong>mundo</strong><br /></p>',
    );
    expect(sanitizeFormatted('<a href="javascript:alert(1)">liga</a> <i>y</i> <em>e</em> <u>u</u>')).toBe(
      'liga <i>y</i> <em>e</em> <u>u</u>',
    );
    expect(sanitizeFormatted('<svg><style>*{}</style></svg><iframe src="https://x.example"></iframe>')).toBe(
      null,
    );
  });

  it('escapes text, is idempotent and turns empty results into null', () => {
    const once = sanitizeFormatted('A & B < C "comillas"');
    expect(once).toBe('A &amp; B &lt; C "comillas"');
    expect(sanitizeFormatted(once)).toBe(once);
    expect(sanitizeFormatted('   ')).toBe(null);
    expect(sanitizeFormatted(null)).toBe(null);
  });
});
