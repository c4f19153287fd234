import { describe, expect, it } from 'vitest';
import { adminRedirect, loginPath } from './admin-paths';

describe('adminRedirect', () => {
  it('follows administration paths only', () => {
    expect(adminRedirect('/admin/users?page=2')).toBe('/admin/users?page=2');
    expect(adminRedirect('/admin')).toBe('/admin');
    expect(adminRedirect(null)).toBe('/admin');
    expect(adminRedirect('https://evil.example/admin')).toBe('/admin');
    expect(adminRedirect('//evil.example/admin')).toBe('/admin');
    expect(adminRedirect('/contracts')).toBe('/admin');
    expect(adminRedirect('/administrator')).toBe('/admin');
  });

  it('builds the sign-in address with the page to return to', () => {
    expect(loginPath('/admin/users')).toBe('/login?redirectTo=%2Fadmin%2Fusers');
  });
});
