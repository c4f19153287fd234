import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  darken,
  defaultVariantColorsResolver,
  lighten,
  DEFAULT_THEME as MANTINE_DEFAULTS,
  type MantineColorsTuple,
  type MantineThemeOverride,
  Modal,
  Notification,
  PasswordInput,
  parseThemeColor,
  TableScrollContainer,
  type VariantColorsResolver,
} from '@mantine/core';
import { DEFAULT_THEME, THEMES, type ThemeName } from '../shared/constants/themes';
import { CROSSING_LUMINANCE, readableOn, textOn, toHex } from './lib/contrast';
import classes from './theme.module.css';

/** The light surfaces text sits on: white, and the greys of tables, panels and the admin's page. */
export const SURFACES = ['#ffffff', MANTINE_DEFAULTS.colors.gray[0], MANTINE_DEFAULTS.colors.gray[1]];

/**
 * Secondary text ('dimmed': labels, help, dates). Mantine's grey 6 (#868e96) reads at 3.3:1 on
 * white; this grey keeps the quiet look and reaches 4.5:1 on every surface above.
 */
export const DIMMED = readableOn(MANTINE_DEFAULTS.colors.gray[6], SURFACES);

/** A colour of the data (a monitor's, a group's) as text on the light surfaces. */
export function readableText(color: string): string {
  return readableOn(color, SURFACES);
}

/**
 * Ten shades around a theme's colour. 0–5 are tints (backgrounds), 6 is the colour itself (filled
 * buttons, the header's rule, decoration), and 7–9 carry text: shade 7 is the colour darkened only
 * as far as text needs to read at 4.5:1 on white, the grey surfaces and the colour's own tints
 * 1 and 2 (active links, light badges); 8 and 9 are darker still. A dark theme keeps 7 close to its
 * colour; a light one (yellow, sky) gets a deeper shade of the same hue.
 */
export function palette(color: string): MantineColorsTuple {
  const tints = [0.92, 0.8, 0.64, 0.46, 0.28, 0.12].map((amount) => toHex(lighten(color, amount)));
  const text = readableOn(darken(color, 0.12), [...SURFACES, tints[1]!, tints[2]!]);
  return [
    ...(tints as [string, string, string, string, string, string]),
    color,
    text,
    toHex(darken(text, 0.2)),
    toHex(darken(text, 0.4)),
  ];
}

/**
 * Components coloured with a colour of the data (a monitor's or a group's hex, not a palette's
 * name) draw text in that colour on a light background or none: darkened by contrast as well.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const raw = (value: string | undefined) => value !== undefined && /^(#|rgb)/.test(value);
  if (input.variant === 'white') {
    // Text in the colour on a white button: the palette's text shade, or the data's colour darkened.
    const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
    const color = parsed.isThemeColor
      ? `var(--mantine-color-${parsed.color}-text)`
      : readableOn(parsed.value, SURFACES);
    return { ...colors, color };
  }
  if (input.variant !== 'filled' && raw(colors.color)) {
    const behind = raw(colors.background) ? [toHex(colors.background)] : [];
    return { ...colors, color: readableOn(colors.color, [...SURFACES, ...behind]) };
  }
  return colors;
};

/**
 * The monitor's theme: its colour as the primary colour. Text on a coloured background is black or
 * white, whichever contrasts more (Mantine's autoContrast with WCAG's crossing luminance, 0.179),
 * so light themes (yellow, sky) get black and dark ones white.
 */
export function buildTheme(
  name: ThemeName = DEFAULT_THEME,
  t: (text: string) => string = (text) => text,
): MantineThemeOverride {
  // Controls Mantine draws without a name, or with an English one, named in the visitor's language.
  const close = { closeButtonProps: { 'aria-label': t('Cerrar') } };
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: palette(THEMES[name].color) },
    autoContrast: true,
    luminanceThreshold: CROSSING_LUMINANCE,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
    headings: { fontWeight: '700' },
    defaultRadius: 'md',
    // Visitors who ask their system for less motion get modals, menus and collapses without it.
    respectReducedMotion: true,
    focusClassName: classes.focus,
    variantColorResolver,
    components: {
      // A link is told from the text around it by more than its colour (WCAG 1.4.1): underlined.
      Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
      Modal: Modal.extend({ defaultProps: close }),
      Drawer: Drawer.extend({ defaultProps: close }),
      // The toasts' close button as well.
      Notification: Notification.extend({ defaultProps: close }),
      // A table wider than the screen scrolls in its box: the keyboard reaches it (WCAG 2.1.1).
      TableScrollContainer: TableScrollContainer.extend({
        defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
      }),
      PasswordInput: PasswordInput.extend({
        defaultProps: {
          visibilityToggleButtonProps: { 'aria-label': t('Mostrar u ocultar la contraseña') },
        },
      }),
    },
  });
}

/**
 * Mantine's colour variables where they carry text, re-derived by contrast for every palette (the
 * monitor's and Mantine's own: a yellow notice's text is Mantine's yellow 9, #e67700, 2.7:1 on its
 * background): `-text` (c="red", anchors) on the surfaces, `-light-color` (light badges, alerts,
 * notices) on the palette's light backgrounds, `-outline` on white. The focus ring is the
 * monitor's text shade, so it reaches 3:1 next to any light surface.
 */
const resolved = new WeakMap<object, ReturnType<CSSVariablesResolver>>();
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  // Mantine asks on every render of its provider; the answer depends on the theme object only.
  const known = resolved.get(theme);
  if (known) return known;
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED,
    // Placeholders are text as well (Mantine's grey 5 is 2.1:1).
    '--mantine-color-placeholder': DIMMED,
    '--mantine-color-anchor': 'var(--mantine-color-brand-7)',
    '--vigia-focus-ring': 'var(--mantine-color-brand-7)',
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const text = name === 'brand' ? shades[7]! : readableOn(shades[6]!, SURFACES);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9]!, [
      ...SURFACES,
      shades[1]!,
      shades[2]!,
    ]);
    light[`--mantine-color-${name}-outline`] = text;
    // Hovering a filled control must not lower its text's contrast: lighter under black text,
    // darker under white.
    light[`--mantine-color-${name}-filled-hover`] =
      textOn(shades[6]!) === '#000000' ? shades[5]! : shades[7]!;
  }
  const variables = { variables: {}, light, dark: {} };
  resolved.set(theme, variables);
  return variables;
};
