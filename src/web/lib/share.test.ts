import { describe, expect, it } from 'vitest';
import { shareableUrl } from './share';

describe('shareableUrl', () => {
  it('keeps the filters and names the monitor', () => {
    const url = new URL(shareableUrl('https://vigia.example/contracts?ejercicio=2024&pagina=3', 'org-1'));
    expect(url.pathname).toBe('/contracts');
    expect(url.searchParams.get('ejercicio')).toBe('2024');
    expect(url.searchParams.get('pagina')).toBe('3');
    expect(url.searchParams.get('changeOrganization')).toBe('org-1');
  });

  it('replaces a monitor named before instead of repeating it', () => {
    const url = new URL(shareableUrl('https://vigia.example/?changeOrganization=old', 'new'));
    expect(url.searchParams.getAll('changeOrganization')).toEqual(['new']);
  });

  it('leaves pages outside a monitor as they are', () => {
    expect(shareableUrl('https://vigia.example/about', undefined)).toBe('https://vigia.example/about');
  });
});
