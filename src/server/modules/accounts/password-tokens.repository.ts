import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TokenPurpose } from '../../../shared/constants/enums';
import type { Database } from '../../db/client';
import { passwordTokens } from '../../db/schema';

/** Only this hash of a link's token is stored: a database copy cannot be used to reset passwords. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a single-use link token (32 random bytes) for a user. Earlier unused links of the same
 * purpose stop working, so only the newest e-mail's link is valid.
 */
export async function issuePasswordToken(
  db: Database,
  input: {
    userId: string;
    purpose: TokenPurpose;
    expiresAt: Date;
    now: Date;
    /** At most `max` links of this purpose since `since` (checked under a lock on the user). */
    limit?: { max: number; since: Date };
  },
): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const issued = await db.transaction(async (tx) => {
    if (input.limit) {
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${input.userId} FOR UPDATE`);
      if ((await countRecentTokens(tx, input.userId, input.purpose, input.limit.since)) >= input.limit.max) {
        return false;
      }
    }
    await tx
      .update(passwordTokens)
      .set({ usedAt: input.now })
      .where(
        and(
          eq(passwordTokens.userId, input.userId),
          eq(passwordTokens.purpose, input.purpose),
          isNull(passwordTokens.usedAt),
        ),
      );
    await tx.insert(passwordTokens).values({
      userId: input.userId,
      purpose: input.purpose,
      tokenHash: hashToken(token),
      expiresAt: input.expiresAt,
      createdAt: input.now,
    });
    return true;
  });
  return issued ? token : null;
}

/**
 * Uses a link token: marks it used in the same statement that checks it is unused and unexpired,
 * so two requests with the same link cannot both succeed. Returns its user, or null.
 */
export async function consumePasswordToken(
  db: Database,
  token: string,
  now: Date,
): Promise<{ userId: string; purpose: TokenPurpose } | null> {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  return row ?? null;
}

/** Whether a token is unused and unexpired now (a cheap look before the slow password hashing). */
export async function isLiveToken(db: Database, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordTokens.id })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Reset links issued to a user since `since`: a stranger cannot flood someone's mailbox. */
export async function countRecentTokens(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, purpose),
        gt(passwordTokens.createdAt, since),
      ),
    );
  return row?.total ?? 0;
}

/** Ends every other open link of a user (after a password was set). */
export async function retireTokens(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: sql`coalesce(${passwordTokens.usedAt}, ${now})` })
    .where(eq(passwordTokens.userId, userId));
}
