/**
 * The oldest Node.js the server runs on (package.json's engines). An older one, such as Debian
 * 12's Node 20, would fail further in, on an API it lacks, with an error that does not say why.
 */
export const OLDEST_NODE = '22.12.0';

/** Why the server cannot run on Node `version` (process.versions.node), or null when it can. */
export function unsupportedNode(version: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [oldestMajor = 0, oldestMinor = 0] = OLDEST_NODE.split('.').map(Number);
  if (major > oldestMajor || (major === oldestMajor && minor >= oldestMinor)) return null;
  return (
    `Vigía needs Node.js ${OLDEST_NODE} or later; this is ${version}. ` +
    "Start it with `npm start` (it runs the project's own Node 24) or install Node 24."
  );
}
