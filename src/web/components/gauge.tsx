import { useTranslation } from 'react-i18next';
import { msg } from '../i18n/msg';

/**
 * The index's gauge (public spec §4 and the original's gaugeJS bands): a half circle from 0 to
 * 100, red up to 50 (high risk), amber up to 75, green above, and a needle at the value. Drawn as
 * SVG here, no chart library to fetch on a phone. Without a value the bands are grey and there
 * is no needle.
 */
export const LEVEL_COLORS = { ALTO: '#eb6262', MEDIO: '#ffc043', BAJO: '#6ec284' } as const;
/** The levels as visitors read them (translated with t). */
export const LEVEL_WORDS = { ALTO: msg('ALTO'), MEDIO: msg('MEDIO'), BAJO: msg('BAJO') } as const;
/** Darker shades of the same colours for text on white (contrast 4.5:1 or more). */
export const LEVEL_TEXT_COLORS = { ALTO: '#b42323', MEDIO: '#8a5a00', BAJO: '#2b7a3d' } as const;

const BANDS = [
  { from: 0, to: 50, color: LEVEL_COLORS.ALTO },
  { from: 50, to: 75, color: LEVEL_COLORS.MEDIO },
  { from: 75, to: 100, color: LEVEL_COLORS.BAJO },
];

const CX = 100;
const CY = 100;
const R = 80;

function point(value: number, radius = R): [number, number] {
  const angle = Math.PI - (Math.PI * value) / 100;
  return [CX + radius * Math.cos(angle), CY - radius * Math.sin(angle)];
}

function arc(from: number, to: number): string {
  const [x1, y1] = point(from);
  const [x2, y2] = point(to);
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${R} ${R} 0 0 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}

export function Gauge({ value, label, size = 240 }: { value: number | null; label: string; size?: number }) {
  const { t } = useTranslation();
  const clamped = value === null ? null : Math.max(0, Math.min(100, value));
  const tip = clamped === null ? null : point(clamped, R - 18);
  return (
    <svg
      viewBox="-14 -8 228 128"
      width={size}
      height={(size * 128) / 228}
      role="img"
      aria-label={label}
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      {BANDS.map((band) => (
        <path
          key={band.from}
          d={arc(band.from, band.to)}
          fill="none"
          stroke={clamped === null ? '#dee2e6' : band.color}
          strokeWidth={22}
        />
      ))}
      {[0, 50, 75, 100].map((mark) => {
        const [x, y] = point(mark, R + 16);
        return (
          <text key={mark} x={x} y={Math.min(y, 112)} fontSize={9} fill="#495057" textAnchor="middle">
            {mark}
          </text>
        );
      })}
      {tip ? (
        <>
          <line
            x1={CX}
            y1={CY}
            x2={tip[0]}
            y2={tip[1]}
            stroke="#454e7b"
            strokeWidth={4}
            strokeLinecap="round"
          />
          <circle cx={CX} cy={CY} r={7} fill="#454e7b" />
        </>
      ) : (
        <text x={CX} y={CY - 6} fontSize={11} fill="#495057" textAnchor="middle">
          {t('Sin calificación')}
        </text>
      )}
    </svg>
  );
}
