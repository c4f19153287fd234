import { describe, expect, it } from 'vitest';
import { NETWORK_ONLY_PATHS, shellFiles } from './service-worker';

describe('the service worker build', () => {
  it('precaches exactly what index.html loads', () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <script type="module" crossorigin src="/assets/index-AbC_1-2.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-Wy9s6hX0.js">
      <link rel="stylesheet" crossorigin href="/assets/index-DYDWqgt1.css">
      <a href="https://example.org/x">x</a></head></html>`;
    expect([...shellFiles(html)].sort()).toEqual([
      'assets/index-AbC_1-2.js',
      'assets/index-DYDWqgt1.css',
      'assets/jsx-runtime-Wy9s6hX0.js',
      'favicon.svg',
      'index.html',
    ]);
  });

  it('leaves every API path to the network, and only those', () => {
    for (const path of ['/api', '/api/users/list', '/public-api/contracts/filtered-list', '/health'])
      expect(NETWORK_ONLY_PATHS.test(path), path).toBe(true);
    for (const path of ['/', '/contracts', '/admin/users', '/apis', '/public-apis'])
      expect(NETWORK_ONLY_PATHS.test(path), path).toBe(false);
  });
});
