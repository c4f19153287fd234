import { describe, expect, it } from 'vitest';
import { isWebRoute, requiresOrganization } from './routes';
import { visitRouteKey } from './schemas/visits';

describe('web routes', () => {
  it('knows which paths are screens', () => {
    expect(isWebRoute('/')).toBe(true);
    expect(isWebRoute('/select-organization')).toBe(true);
    expect(isWebRoute('/access-denied')).toBe(true);
    expect(isWebRoute('/nothing')).toBe(false);
  });

  it('guards the public sections that need a monitor (spec: public area, guard)', () => {
    for (const path of ['/', '/suppliers', '/suppliers/abc', '/contracts', '/comparations', '/resources']) {
      expect(requiresOrganization(path), path).toBe(true);
    }
    for (const path of ['/select-organization', '/privacy', '/about', '/access-denied', '/admin']) {
      expect(requiresOrganization(path), path).toBe(false);
    }
  });

  it('groups visited paths by section for the dashboard', () => {
    expect(visitRouteKey('/')).toBe('home');
    expect(visitRouteKey('/contracts')).toBe('contracts');
    expect(visitRouteKey('/contracts/0192-ab?x=1')).toBe('contracts:detail');
    expect(visitRouteKey('/calculations/corruption-index')).toBe('calculations');
    expect(visitRouteKey('/select-organization')).toBe('select-organization');
    expect(visitRouteKey('/calculations/corruption-index')).toBe('calculations');
    expect(visitRouteKey('/zz0/abc')).toBe('other');
    expect(visitRouteKey('/resources/x')).toBe('resources');
  });
});
