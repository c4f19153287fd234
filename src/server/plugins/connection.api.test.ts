import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGES } from '../../shared/errors';
import { listenLocally, rawExchange } from '../test/raw-http';
import { createTestApp, type TestContext } from '../test/test-app';
import { MALFORMED_REQUEST_MESSAGE } from './connection';

/** Requests Node's HTTP parser refuses before Fastify sees them still get the envelope, in Spanish. */
describe('requests refused before routing', () => {
  let ctx: TestContext;
  let port: number;
  const logs: Array<{ level: number; msg: string }> = [];

  beforeAll(async () => {
    ctx = await createTestApp({
      config: { logLevel: 'info' },
      logStream: { write: (line) => void logs.push(JSON.parse(line)) },
    });
    port = await listenLocally(ctx.app);
  });
  afterAll(() => ctx.close());

  const expectEnvelope = (answer: Awaited<ReturnType<typeof rawExchange>>, code: string, message: string) => {
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    const body = JSON.parse(answer.body);
    expect(body).toEqual({ error: true, code, message, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(answer.headers['x-request-id']).toBe(body.requestId);
  };

  it('answers headers too large with 431 in the envelope, in Spanish', async () => {
    const answer = await rawExchange(
      port,
      `GET /public-api/organizations HTTP/1.1\r\nHost: vigia.test\r\nCookie: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expectEnvelope(answer, 'HEADERS_TOO_LARGE', DEFAULT_ERROR_MESSAGES.HEADERS_TOO_LARGE);
  });

  it('answers a NUL byte in a header with 400 in the envelope, in Spanish', async () => {
    const answer = await rawExchange(
      port,
      Buffer.from('GET /public-api/organizations HTTP/1.1\r\nHost: vigia.test\r\nX-Nombre: a\u0000b\r\n\r\n'),
    );
    expect(answer.status).toBe(400);
    expectEnvelope(answer, 'BAD_REQUEST', MALFORMED_REQUEST_MESSAGE);
  });

  it('answers bytes that are not HTTP with 400 in the envelope, in Spanish', async () => {
    for (const head of [
      'HOLA MUNDO\r\n\r\n',
      'GET / HTTP/1.1\r\nHost vigia.test\r\n\r\n',
      'GET /\u0001 HTTP/1.1\r\n\r\n',
    ]) {
      const answer = await rawExchange(port, head);
      expect(answer.status).toBe(400);
      expectEnvelope(answer, 'BAD_REQUEST', MALFORMED_REQUEST_MESSAGE);
    }
  });

  it('keeps serving other requests afterwards, and logs the refusals below error level', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/health/live`);
    expect(response.status).toBe(200);
    const refusals = logs.filter((line) => line.msg === 'unreadable request refused');
    expect(refusals.length).toBeGreaterThanOrEqual(5);
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
