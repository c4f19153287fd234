import { setSourceMapsSupport } from 'node:module';

/**
 * The built server's entry (dist/server/main.js, decision 0039 as amended by issue 31): stack traces
 * name our TypeScript sources, but the packages' own source maps are not read: Node's
 * `--enable-source-maps` parses every map in node_modules, 13 MB the server kept for its whole
 * life. A map is read when its file loads, so the server is imported after this call.
 */
setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
await import('./main');
