import {
  createTheme,
  darken,
  lighten,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { DEFAULT_THEME, THEMES, type ThemeName } from '../shared/constants/themes';

/** Ten shades around a theme's colour (the colour itself is shade 6, Mantine's primary shade). */
export function palette(color: string): MantineColorsTuple {
  return [
    lighten(color, 0.92),
    lighten(color, 0.8),
    lighten(color, 0.64),
    lighten(color, 0.46),
    lighten(color, 0.28),
    lighten(color, 0.12),
    color,
    darken(color, 0.12),
    darken(color, 0.24),
    darken(color, 0.36),
  ];
}

/**
 * The Mantine theme of a monitor: its theme colour as the primary colour. Text on coloured
 * backgrounds picks black or white by contrast, because several themes are light (yellow, sky).
 */
export function buildTheme(name: ThemeName = DEFAULT_THEME): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: palette(THEMES[name].color) },
    autoContrast: true,
    luminanceThreshold: 0.4,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
    headings: { fontWeight: '700' },
    defaultRadius: 'md',
    // Visitors who ask their system for less motion get modals, menus and collapses without it.
    respectReducedMotion: true,
  });
}
