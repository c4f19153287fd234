import { describe, expect, it } from 'vitest';
import { safeRedirect, selectionPath } from './redirects';

describe('redirects after choosing a monitor', () => {
  it('follows only paths of this site', () => {
    expect(safeRedirect('/contracts?page=2')).toBe('/contracts?page=2');
    expect(safeRedirect('//evil.example/phish')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('javascript:alert(1)')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });

  it('builds the selection address with redirectTo and autoSelectOrganization', () => {
    expect(selectionPath('/contracts?page=2')).toBe(
      '/select-organization?redirectTo=%2Fcontracts%3Fpage%3D2',
    );
    expect(selectionPath('/', 'abc')).toBe('/select-organization?redirectTo=%2F&autoSelectOrganization=abc');
  });
});
