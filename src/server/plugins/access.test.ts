import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAccessControl } from './auth';
import { carriesSecrets } from './leak-guard';

describe('access control', () => {
  it('refuses to start with an /api route that has no entry in the access table', async () => {
    const app = Fastify();
    registerAccessControl(app);
    expect(() => app.get('/api/forgotten', async () => 'open')).toThrow(/has no entry in API_ACCESS/);
    await app.close();
  });

  it('recognises password and token hashes in a response body', () => {
    expect(carriesSecrets('{"passwordHash":"x"}')).toBe(true);
    expect(
      carriesSecrets(
        '"$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$WmFrZUhhc2hGb3JUZXN0aW5nT25seTEyMzQ"',
      ),
    ).toBe(true);
    expect(carriesSecrets('{"name":"Ana","email":"ana@example.org"}')).toBe(false);
    // Someone typing the words into a name must not break every page that shows it.
    expect(carriesSecrets(JSON.stringify({ name: 'Ana $argon2 passwordHash "tokenHash":' }))).toBe(false);
  });
});
