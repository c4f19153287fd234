/**
 * A value axis from 0 with exactly `ticks` labels (spec: six) at round steps (1, 2, 2.5 or 5 times
 * a power of ten), tall enough for the highest bar.
 */
export function niceAxis(highest: number, ticks = 6): { min: number; max: number; interval: number } {
  const steps = ticks - 1;
  if (!(highest > 0)) return { min: 0, max: steps, interval: 1 };
  const raw = highest / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((value) => value >= raw - 1e-9)!;
  return { min: 0, max: step * steps, interval: step };
}
