/**
 * The fourteen public-site themes. Each theme names the accent colour the original used for it;
 * choosing a theme also sets the organization's colour.
 */
export const THEMES = {
  default: { color: '#19babd', label: 'Default' },
  dark: { color: '#2e3854', label: 'Oscuro' },
  purple: { color: '#981beb', label: 'Morado' },
  orange: { color: '#ff691e', label: 'Naranja' },
  yellow: { color: '#fab81e', label: 'Amarillo' },
  greenBlue: { color: '#80dbb6', label: 'Azul Verde' },
  green: { color: '#17cf86', label: 'Verde' },
  sky: { color: '#91d2fa', label: 'Cielo' },
  blue: { color: '#1b95e0', label: 'Azul' },
  red: { color: '#e71c4f', label: 'Rojo' },
  pink: { color: '#f58ea8', label: 'Rosa' },
  gray: { color: '#abb8c2', label: 'Gris' },
  lilac: { color: '#9f97e4', label: 'Lila' },
  blueDark: { color: '#4468c4', label: 'Azul Oscuro' },
} as const;

export type ThemeName = keyof typeof THEMES;
export const THEME_NAMES = Object.keys(THEMES) as [ThemeName, ...ThemeName[]];
export const DEFAULT_THEME: ThemeName = 'default';

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && Object.hasOwn(THEMES, value);
}
