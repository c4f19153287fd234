import { describe, expect, it } from 'vitest';
import { isWebRoute } from './routes';
import { visitRouteKey } from './schemas/visits';

describe('web routes', () => {
  it('knows which paths are screens', () => {
    expect(isWebRoute('/')).toBe(true);
    expect(isWebRoute('/select-organization')).toBe(true);
    expect(isWebRoute('/access-denied')).toBe(true);
    expect(isWebRoute('/contact')).toBe(true);
    expect(isWebRoute('/privacy')).toBe(true);
    expect(isWebRoute('/accessibility')).toBe(true);
    expect(isWebRoute('/accessibility/')).toBe(true);
    expect(isWebRoute('/accessibility/x')).toBe(false);
    expect(isWebRoute('/red-flags')).toBe(true);
    expect(isWebRoute('/nothing')).toBe(false);
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
    expect(visitRouteKey('/accessibility')).toBe('accessibility');
  });
});
