import * as nodeModule from 'node:module';
import { unsupportedNode } from './node-version';

/**
 * The built server's entry (dist/server/main.js, decision 0039 as amended by issue 31). First, a
 * Node older than the engines admit stops here with a sentence that says so. Then stack traces
 * name our TypeScript sources, but the packages' own source maps are not read: Node's
 * `--enable-source-maps` parses every map in node_modules, 13 MB the server kept for its whole
 * life. A map is read when its file loads, so the server is imported after this call. Node 22
 * before 22.14 lacks `setSourceMapsSupport`: there every map is read (more memory, the same traces).
 */
const unsupported = unsupportedNode(process.versions.node);
if (unsupported) {
  console.error(unsupported);
  process.exit(1);
}
if ('setSourceMapsSupport' in nodeModule)
  nodeModule.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
else process.setSourceMapsEnabled(true);
await import('./main');
