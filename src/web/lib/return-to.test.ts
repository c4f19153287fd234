import { describe, expect, it } from 'vitest';
import { returnPath } from './return-to';

describe('returnPath', () => {
  it('returns to the list view the visitor came from, filters and page included', () => {
    expect(returnPath({ from: '/contracts?ejercicio=2024&pagina=4' }, '/contracts')).toBe(
      '/contracts?ejercicio=2024&pagina=4',
    );
  });

  it('falls back to the list when the visitor came from elsewhere or opened the link directly', () => {
    expect(returnPath({ from: '/suppliers/abc?ejercicio=2024' }, '/contracts')).toBe('/contracts');
    expect(returnPath({ from: '/contracts-elsewhere' }, '/contracts')).toBe('/contracts');
    expect(returnPath({ from: 'https://evil.example/contracts' }, '/contracts')).toBe('/contracts');
    expect(returnPath(null, '/suppliers')).toBe('/suppliers');
    expect(returnPath({ from: 42 }, '/suppliers')).toBe('/suppliers');
  });
});
