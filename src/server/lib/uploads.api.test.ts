import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../shared/schemas/settings';
import { USER_MESSAGES } from '../../shared/schemas/users';
import { bearer, createUser, signIn } from '../test/auth';
import { createOrganization } from '../test/factories';
import { listenLocally, rawExchange } from '../test/raw-http';
import { createTestApp, type TestContext } from '../test/test-app';
import { UPLOAD_MESSAGES } from './uploads';

/** The three uploads share one multipart reader: malformed or oversized bodies are the client's 4xx. */
describe('multipart uploads', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  let port: number;
  const MB = 1024 * 1024;

  const uploads = [
    { url: '/api/users/uploadProfilePicture', field: 'profilePicture', tooLarge: USER_MESSAGES.pictureSize },
    { url: '/api/settings/change-cover', field: 'cover', tooLarge: SETTINGS_MESSAGES.coverSize },
    { url: '/api/resources/upload-image', field: 'image', tooLarge: USER_MESSAGES.pictureSize },
  ];

  beforeAll(async () => {
    ctx = await createTestApp();
    const organization = await createOrganization(ctx.database.db);
    const admin = await createUser(ctx.database.db, { administratorType: 'GENERAL' });
    headers = bearer(await signIn(ctx.app, admin.email), organization.id);
    port = await listenLocally(ctx.app);
  });
  afterAll(() => ctx.close());

  const partHead = (field: string) =>
    `--b\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

  describe.each(uploads)('$url', ({ url, field, tooLarge }) => {
    const post = (contentType: string, payload: string) =>
      ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });

    it('answers a body without a boundary with a Spanish 400', async () => {
      const response = await post('multipart/form-data', `${partHead(field)}abc\r\n--b--\r\n`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: true,
        code: 'BAD_REQUEST',
        message: UPLOAD_MESSAGES.malformed,
      });
    });

    it('answers a body cut short, or that is no form at all, with a Spanish 400', async () => {
      for (const payload of [`${partHead(field)}abc`, 'esto no es un formulario']) {
        const response = await post('multipart/form-data; boundary=b', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(UPLOAD_MESSAGES.malformed);
      }
    });

    it('answers too many files or fields with a Spanish 413', async () => {
      const many = Array.from(
        { length: 20 },
        (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
      );
      const response = await post('multipart/form-data; boundary=b', `${many.join('')}--b--\r\n`);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: UPLOAD_MESSAGES.tooManyParts,
      });
    });

    it('refuses a body declared far over the limit at once, without reading it', async () => {
      const head =
        `POST ${url} HTTP/1.1\r\nHost: vigia.test\r\nAuthorization: ${headers.authorization}\r\n` +
        `X-Current-Organization-Id: ${headers['x-current-organization-id']}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${64 * MB}\r\n\r\n${partHead(field)}`;
      const answer = await rawExchange(port, head, { bodyBytes: 64 * MB });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: tooLarge });
      expect(answer.headers.connection).toBe('close');
      // The connection was closed: the client could not send the rest.
      expect(answer.sent).toBeLessThan(32 * MB);
    });

    it('stops reading a streamed file at the limit and answers 413 in Spanish', async () => {
      const head =
        `POST ${url} HTTP/1.1\r\nHost: vigia.test\r\nAuthorization: ${headers.authorization}\r\n` +
        `X-Current-Organization-Id: ${headers['x-current-organization-id']}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n';
      const opening = Buffer.from(partHead(field));
      const answer = await rawExchange(
        port,
        Buffer.concat([
          Buffer.from(`${head}${opening.length.toString(16)}\r\n`),
          opening,
          Buffer.from('\r\n'),
        ]),
        { bodyBytes: 64 * MB, chunked: true },
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: tooLarge });
      expect(answer.sent).toBeLessThan(32 * MB);
    });
  });

  it('stops reading a chunked body that never reaches a file (a huge preamble) at the limit', async () => {
    const head =
      `POST /api/users/uploadProfilePicture HTTP/1.1\r\nHost: vigia.test\r\nAuthorization: ${headers.authorization}\r\n` +
      'Content-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n';
    const answer = await rawExchange(port, head, { bodyBytes: 64 * MB, chunked: true });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(USER_MESSAGES.pictureSize);
    expect(answer.sent).toBeLessThan(32 * MB);
  });

  it('closes the connection when it refuses an upload before reading it (no session)', async () => {
    const head =
      'POST /api/users/uploadProfilePicture HTTP/1.1\r\nHost: vigia.test\r\n' +
      `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${64 * MB}\r\n\r\n`;
    const answer = await rawExchange(port, head, { bodyBytes: 64 * MB });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ error: true, code: 'UNAUTHENTICATED' });
    expect(answer.sent).toBeLessThan(32 * MB);
  });

  it('still accepts a good upload after all that', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/uploadProfilePicture',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.concat([Buffer.from(partHead('profilePicture')), png, Buffer.from('\r\n--b--\r\n')]),
    });
    expect(response.statusCode).toBe(200);
  });
});
