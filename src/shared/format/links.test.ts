import { describe, expect, it } from 'vitest';
import { webLink } from './links';

describe('webLink', () => {
  it('keeps web addresses and completes bare host names', () => {
    expect(webLink('https://transparencia.example.org/c.pdf')).toBe(
      'https://transparencia.example.org/c.pdf',
    );
    expect(webLink(' http://x.gob.mx/a b.pdf ')).toBe('http://x.gob.mx/a%20b.pdf');
    expect(webLink('www.x.com')).toBe('https://www.x.com/');
    expect(webLink('transparencia.slv.gob.mx/2024/contrato.pdf')).toBe(
      'https://transparencia.slv.gob.mx/2024/contrato.pdf',
    );
  });

  it('never links scripts, data, relative paths or free text', () => {
    expect(webLink('javascript:alert(1)')).toBeNull();
    expect(webLink('JaVaScRiPt:alert(1)')).toBeNull();
    expect(webLink('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(webLink('/contracts/x')).toBeNull();
    expect(webLink('No disponible')).toBeNull();
    expect(webLink('')).toBeNull();
    expect(webLink(null)).toBeNull();
  });
});
