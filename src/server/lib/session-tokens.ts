import { errors, jwtVerify, SignJWT } from 'jose';
import { isUuid } from './ids';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** Signs a session token (HS256) naming the user and the stored session it belongs to. */
export function signSessionToken(key: Uint8Array, claims: SessionClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** The claims of a genuine, unexpired token, or null for anything else. */
export async function verifySessionToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
