/**
 * The load driver of `bench:public-api`, run in a worker thread so that its event loop never
 * shares a turn with the server's. Keeps `connections` keep-alive HTTP connections busy, each
 * sending one request after another (picked at random from `requests`), until told to stop; a
 * request that gets no answer within `timeoutMs` is abandoned (its socket destroyed) and counted
 * as a client time-out. Posts back every sample: [start ms, latency ms, outcome], where outcome is
 * the HTTP status, 0 for a time-out and -1 for a network error. Plain JavaScript (node:http only):
 * no loader, no dependency.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, headers, requests, connections, timeoutMs, warmUp } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
const samples = [];
let stopping = false;

function send(request) {
  return new Promise((resolve) => {
    const body = request.payload === undefined ? undefined : JSON.stringify(request.payload);
    const started = performance.now();
    let settled = false;
    const done = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve([performance.timeOrigin + started, performance.now() - started, outcome]);
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: request.method,
        path: request.url,
        headers: {
          ...headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => done(res.statusCode ?? -1));
        res.on('error', () => done(-1));
      },
    );
    const timer = setTimeout(() => {
      done(0);
      req.destroy();
    }, timeoutMs);
    req.on('error', () => done(-1));
    req.end(body);
  });
}

async function connectionLoop() {
  while (!stopping) {
    samples.push(await send(requests[Math.floor(Math.random() * requests.length)]));
  }
}

// Warm-up: every distinct request answered once, eight at a time, so the "before" phase starts with
// warm caches. A request the client gave up on is sent again: at millions of contracts the scans of
// the first visit take longer than the time-out, and their answer is only cached once it is computed.
let next = 0;
const warm = async () => {
  while (next < requests.length) {
    const request = requests[next++];
    // Outcome 0: the client gave up (a status or a network error is an answer: never loop on it).
    while ((await send(request))[2] === 0) {}
  }
};
if (warmUp) await Promise.all(Array.from({ length: 8 }, warm));
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', async (message) => {
  if (message.type === 'start') {
    const loops = Array.from({ length: connections }, connectionLoop);
    parentPort.once('message', async () => {
      stopping = true;
      await Promise.all(loops);
      agent.destroy();
      parentPort.postMessage({ type: 'samples', samples });
    });
  }
});
