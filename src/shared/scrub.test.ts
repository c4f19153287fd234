import { describe, expect, it } from 'vitest';
import { scrubPath, scrubText } from './scrub';

describe('scrubbing error reports', () => {
  it('masks e-mails, JWTs, bearer credentials and long secrets, keeping UUIDs and words', () => {
    expect(scrubText('Usuario josé.pérez+x@correo.example.mx no existe')).toBe('Usuario [correo] no existe');
    expect(scrubText('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [token]');
    expect(scrubText('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig')).toBe('token [token]');
    expect(scrubText('clave 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08')).toBe(
      'clave [token]',
    );
    expect(scrubText('id 01a20979-df5a-725c-b4a9-621181e5a4e7')).toBe(
      'id 01a20979-df5a-725c-b4a9-621181e5a4e7',
    );
    expect(scrubText('administrativeUnitsSelectOptionsLoader')).toBe(
      'administrativeUnitsSelectOptionsLoader',
    );
  });

  it('drops query strings and fragments of addresses but keeps questions', () => {
    expect(scrubText('GET /public-api/contracts?search=ana&page=2 falló')).toBe(
      'GET /public-api/contracts falló',
    );
    expect(scrubText('at x (https://vigia.example/assets/a.js?v=3:1:2)')).toBe(
      'at x (https://vigia.example/assets/a.js)',
    );
    expect(scrubText('¿Por qué no carga? No sé.')).toBe('¿Por qué no carga? No sé.');
  });

  it('removes control characters but keeps line breaks and tabs', () => {
    expect(scrubText('a\u0000b\u001bc\n\td')).toBe('abc\n\td');
  });

  it('keeps only the path of a screen', () => {
    expect(scrubPath('/contracts?search=ana#top')).toBe('/contracts');
    expect(scrubPath('https://vigia.example/suppliers/1?x=1')).toBe('/suppliers/1');
    expect(scrubPath('/new-password/Zx81kQ0pLmN2vB7cX4rT9yW3uE6iO5aS1dF')).toBe('/new-password/[token]');
  });
});
