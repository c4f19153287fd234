import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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
  input: { userId: string; purpose: TokenPurpose; expiresAt: Date; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(passwordTokens)
      .set({ usedAt: input.now })
      .where(and(eq(passwordTokens.userId, input.userId), isNull(passwordTokens.usedAt)));
    await tx.insert(passwordTokens).values({
      userId: input.userId,
      purpose: input.purpose,
      tokenHash: hashToken(token),
      expiresAt: input.expiresAt,
    });
  });
  return token;
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

/** Ends every other open link of a user (after a password was set). */
export async function retireTokens(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: sql`coalesce(${passwordTokens.usedAt}, ${now})` })
    .where(eq(passwordTokens.userId, userId));
}
