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

/**
 * A demonstration article's picture (spec: article cards show an image): the monitor's colour
 * with a stylised page and chart, different per article. Plain shapes, no script, no text.
 */
export function demoArticleSvg(color: string, position: number): string {
  const bars = [0, 1, 2, 3]
    .map((bar) => {
      const height = 40 + ((position * 37 + bar * 53) % 90);
      return `<rect x="${430 + bar * 50}" y="${300 - height}" width="34" height="${height}" rx="4"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400">
<rect width="800" height="400" fill="${color}"/>
<rect width="800" height="400" fill="#1d2433" fill-opacity="${0.15 + (position % 3) * 0.12}"/>
<g fill="#ffffff" fill-opacity="0.9"><rect x="150" y="90" width="210" height="250" rx="12"/></g>
<g fill="${color}" fill-opacity="0.55"><rect x="180" y="130" width="150" height="14" rx="7"/>
<rect x="180" y="165" width="120" height="10" rx="5"/><rect x="180" y="190" width="140" height="10" rx="5"/>
<rect x="180" y="215" width="100" height="10" rx="5"/><rect x="180" y="240" width="130" height="10" rx="5"/></g>
<g fill="#ffffff" fill-opacity="0.75">${bars}</g>
<rect x="420" y="300" width="220" height="4" fill="#ffffff" fill-opacity="0.75"/>
</svg>`;
}
