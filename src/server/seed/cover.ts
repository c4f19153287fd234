/**
 * A 1280 × 500 cover image in the monitor's colour, so the demonstration site looks like a
 * configured one. Plain shapes only: no script, no external references.
 */
export function demoCoverSvg(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="500" viewBox="0 0 1280 500">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1d2433"/></linearGradient></defs>
<rect width="1280" height="500" fill="url(#g)"/>
<g fill="#ffffff" fill-opacity="0.08">
<rect x="90" y="250" width="70" height="250"/><rect x="180" y="190" width="90" height="310"/>
<rect x="290" y="300" width="60" height="200"/><rect x="370" y="140" width="110" height="360"/>
<rect x="500" y="230" width="80" height="270"/><rect x="980" y="210" width="90" height="290"/>
<rect x="1090" y="280" width="70" height="220"/><rect x="1180" y="170" width="100" height="330"/>
</g>
<g fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="3">
<polyline points="600,420 700,360 790,390 880,280 960,310 1060,200 1180,230"/>
</g>
</svg>`;
}
