import net from 'node:net';
import type { App } from '../app';

/** Starts `app` on a free local port (for tests that need real sockets) and returns the port. */
export async function listenLocally(app: App): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as net.AddressInfo).port;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes of request body written before the server closed the connection. */
  sent: number;
}

/** Parses the first HTTP/1.1 answer in `raw` (no chunked bodies: error answers carry a length). */
export function parseAnswer(raw: string, sent = 0): RawAnswer {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), sent };
}

/**
 * Writes `head` (request line and headers, as bytes: malformed requests included) and then up to
 * `bodyBytes` of body with back-pressure, until the server ends the connection. Resolves
 * with the answer and how much of the body was written: a server that stops reading at a limit
 * closes the connection long before the whole body is out.
 */
export function rawExchange(
  port: number,
  head: string | Buffer,
  options: { bodyBytes?: number; chunked?: boolean } = {},
): Promise<RawAnswer> {
  const total = options.bodyBytes ?? 0;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sent = 0;
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {});
    // The server ended the connection after its answer: nothing more to send or read.
    socket.on('end', () => socket.destroy());
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(received).toString('utf8'), sent)));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const frame = (data: Buffer) =>
      options.chunked
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
        : data;
    const pump = (): void => {
      while (sent < total) {
        if (socket.destroyed || socket.writableEnded) return;
        sent += chunk.length;
        if (!socket.write(frame(chunk))) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!socket.destroyed && !socket.writableEnded) socket.end(options.chunked ? '0\r\n\r\n' : '');
    };
    // Without a body the client keeps its side open: the answers tested here close the connection.
    socket.write(head);
    if (total > 0) pump();
  });
}
