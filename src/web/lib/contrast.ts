import { darken, isLightColor, luminance, toRgba } from '@mantine/core';

/**
 * WCAG 2 contrast arithmetic for the colours the themes derive (issue 29): text needs 4.5:1
 * against what is behind it (1.4.3); a focus ring 3:1 (1.4.11), which a text colour exceeds.
 * The luminance is Mantine's, which is WCAG's relative luminance.
 */

/** Text of normal size (WCAG 1.4.3, AA). */
export const TEXT_CONTRAST = 4.5;
/**
 * The luminance at which black and white text contrast equally with a background: above it black
 * reads better, below it white (never under 4.58:1 either way). Mantine's autoContrast uses it too.
 */
export const CROSSING_LUMINANCE = 0.179;

const hex2 = (value: number) =>
  Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, '0');

/** Any colour Mantine reads (hex, rgb, rgba) as opaque `#rrggbb`, over white when translucent. */
export function toHex(color: string, over = '#ffffff'): string {
  const { r, g, b, a } = toRgba(color);
  const under = toRgba(over);
  const mix = (top: number, bottom: number) => top * a + bottom * (1 - a);
  return `#${hex2(mix(r, under.r))}${hex2(mix(g, under.g))}${hex2(mix(b, under.b))}`;
}

/** The contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(toHex(a)), luminance(toHex(b))].sort((x, y) => y - x);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** Black or white, whichever reads better on the colour (never below 4.58:1, whatever the colour). */
export function textOn(background: string): '#000000' | '#ffffff' {
  return isLightColor(toHex(background), CROSSING_LUMINANCE) ? '#000000' : '#ffffff';
}

/**
 * The colour itself, or the least darkened shade of it, that reaches `minimum` against every one of
 * the backgrounds: a theme keeps its hue, and a light one (yellow, sky) gets a darker shade for text.
 */
export function readableOn(color: string, backgrounds: string[], minimum = TEXT_CONTRAST): string {
  const passes = (candidate: string) =>
    backgrounds.every((background) => contrastRatio(candidate, background) >= minimum);
  let candidate = toHex(color);
  // Each step takes 2 % off every channel: it ends near black, which passes on any light background.
  for (let step = 0; step < 200 && !passes(candidate); step += 1) candidate = toHex(darken(candidate, 0.02));
  return candidate;
}
