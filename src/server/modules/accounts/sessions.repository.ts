import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';

export interface NewSession {
  id: string;
  userId: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Database, session: NewSession): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The user of a live session: not revoked, not expired, and the user active and not deleted. */
export async function findLiveSession(
  db: Database,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(users.active, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row?.user;
}

/** Ends a user's sessions at once (all, or all but the one given). */
export async function revokeSessions(
  db: Database,
  userId: string,
  now: Date,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

export async function revokeSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
