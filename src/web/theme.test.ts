import { describe, expect, it } from 'vitest';
import { THEME_NAMES, THEMES } from '../shared/constants/themes';
import { buildTheme } from './theme';

describe('monitor themes', () => {
  it('has the fourteen themes of the spec', () => {
    expect(THEME_NAMES).toEqual([
      'default',
      'dark',
      'purple',
      'orange',
      'yellow',
      'greenBlue',
      'green',
      'sky',
      'blue',
      'red',
      'pink',
      'gray',
      'lilac',
      'blueDark',
    ]);
  });

  it.each(THEME_NAMES)('builds a ten-shade primary palette around the colour of %s', (name) => {
    const theme = buildTheme(name);
    expect(theme.primaryColor).toBe('brand');
    const shades = theme.colors?.brand ?? [];
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe(THEMES[name].color);
    for (const shade of shades) expect(shade).toMatch(/^(#[0-9a-f]{6}|rgba?\([\d.,\s]+\))$/i);
    expect(new Set(shades).size).toBe(10);
  });
});
