import { DEFAULT_THEME as MANTINE_DEFAULTS, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { THEME_NAMES, THEMES } from '../shared/constants/themes';
import { contrastRatio, textOn } from './lib/contrast';
import { buildTheme, cssVariablesResolver, DIMMED, readableText, SURFACES } from './theme';

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

  // WCAG 2.2 AA (issue 29): 4.5:1 for text, 3:1 for focus rings, in every theme.
  it.each(THEME_NAMES)(
    '%s: the shades that carry text read at 4.5:1 on every light surface and tint',
    (name) => {
      const shades = buildTheme(name).colors!.brand!;
      for (const background of [...SURFACES, shades[0]!, shades[1]!, shades[2]!]) {
        for (const text of [shades[7]!, shades[8]!, shades[9]!]) {
          expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
        }
      }
    },
  );

  it.each(THEME_NAMES)('%s: filled buttons write in black or white, whichever reads at 4.5:1', (name) => {
    const color = THEMES[name].color;
    expect(contrastRatio(color, textOn(color))).toBeGreaterThanOrEqual(4.5);
    // Mantine's autoContrast picks the same: light above WCAG's crossing luminance.
    expect(buildTheme(name).luminanceThreshold).toBe(0.179);
    // Hovered, the control keeps its text readable.
    const { light } = cssVariablesResolver(mergeMantineTheme(MANTINE_DEFAULTS, buildTheme(name)));
    const hover = light['--mantine-color-brand-filled-hover']!;
    expect(contrastRatio(hover, textOn(color))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(THEME_NAMES)('%s: links, outlines and the focus ring use the text shade', (name) => {
    const theme = mergeMantineTheme(MANTINE_DEFAULTS, buildTheme(name));
    const { light } = cssVariablesResolver(theme);
    expect(light['--mantine-color-anchor']).toBe('var(--mantine-color-brand-7)');
    expect(light['--vigia-focus-ring']).toBe('var(--mantine-color-brand-7)');
    for (const surface of SURFACES) {
      expect(contrastRatio(light['--mantine-color-brand-text']!, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light['--mantine-color-brand-outline']!, surface)).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('colours that carry text outside the themes', () => {
  const theme = mergeMantineTheme(MANTINE_DEFAULTS, buildTheme('default'));
  const { light } = cssVariablesResolver(theme);

  it('secondary (dimmed) text reads at 4.5:1 where Mantine grey 6 did not', () => {
    expect(contrastRatio('#868e96', '#ffffff')).toBeLessThan(4.5);
    for (const surface of SURFACES) expect(contrastRatio(DIMMED, surface)).toBeGreaterThanOrEqual(4.5);
    expect(light['--mantine-color-dimmed']).toBe(DIMMED);
  });

  it.each(Object.keys(MANTINE_DEFAULTS.colors).filter((name) => name !== 'dark'))(
    "Mantine's %s: its notices' and light badges' text reads at 4.5:1 on their background",
    (name) => {
      const shades = theme.colors[name]!;
      for (const background of [...SURFACES, shades[1], shades[2]]) {
        const ratio = contrastRatio(light[`--mantine-color-${name}-light-color`]!, background);
        expect(ratio).toBeGreaterThanOrEqual(4.5);
      }
      for (const surface of SURFACES) {
        expect(contrastRatio(light[`--mantine-color-${name}-text`]!, surface)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it("a monitor's own colour as text is darkened until it reads, and kept when it already does", () => {
    expect(contrastRatio(readableText('#fab81e'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableText('#1d2433')).toBe('#1d2433');
  });
});
