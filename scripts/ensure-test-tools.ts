/**
 * The tests need two system tools: Debian's Chromium for the browser tests (never a downloaded
 * browser; its headless shell, decision 0038) and poppler's pdftotext/pdfinfo to read the PDFs we
 * render. When one is missing and we run as root on Debian, install its package; otherwise say how
 * and stop.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const needed = [
  { path: chromium, packages: ['chromium-headless-shell', 'fonts-dejavu-core'], why: 'the browser tests' },
  { path: '/usr/bin/pdftotext', packages: ['poppler-utils'], why: 'reading rendered PDFs' },
  { path: '/usr/bin/pdfinfo', packages: ['poppler-utils'], why: 'reading rendered PDFs' },
];
const missing = needed.filter((tool) => !existsSync(tool.path));
if (missing.length === 0) process.exit(0);

const packages = [...new Set(missing.flatMap((tool) => tool.packages))];
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  for (const tool of missing) console.error(`${tool.path} is missing (needed for ${tool.why}).`);
  console.error(
    `Install Debian's packages (sudo apt-get install -y ${packages.join(' ')}) ` +
      '(or set CHROMIUM_PATH to a Chromium binary), then run the tests again.',
  );
  process.exit(1);
}

const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const install = () =>
  execSync(`apt-get install -y --no-install-recommends ${packages.join(' ')}`, { stdio: 'inherit', env });
console.log(`Installing Debian's ${packages.join(', ')} for the tests…`);
try {
  install();
} catch {
  execSync('apt-get update', { stdio: 'inherit', env });
  install();
}
const still = missing.filter((tool) => !existsSync(tool.path));
if (still.length > 0) {
  console.error(
    `Installed ${packages.join(' ')}, but ${still.map((tool) => tool.path).join(', ')} still missing.`,
  );
  process.exit(1);
}
