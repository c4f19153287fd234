/**
 * Browser tests drive Debian's Chromium (never a downloaded browser). When it is missing and we
 * run as root on Debian, install the `chromium` package; otherwise say how and stop.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is not installed at ${path}. Install Debian's package (sudo apt-get install -y chromium) ` +
      'or set CHROMIUM_PATH to a Chromium binary, then run the tests again.',
  );
  process.exit(1);
}

const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const install = () =>
  execSync('apt-get install -y --no-install-recommends chromium fonts-dejavu-core', {
    stdio: 'inherit',
    env,
  });
console.log("Installing Debian's chromium for the browser tests…");
try {
  install();
} catch {
  execSync('apt-get update', { stdio: 'inherit', env });
  install();
}
if (!existsSync(path)) {
  console.error(`Installed chromium, but ${path} still does not exist.`);
  process.exit(1);
}
