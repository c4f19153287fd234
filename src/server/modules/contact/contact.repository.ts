import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages, usedCaptchas } from '../../db/schema';

export interface NewContactMessage {
  organizationId: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
}

/**
 * Records the captcha as used and stores the message, in one transaction. A replayed captcha (its
 * signature already recorded, by any process) stores nothing and gives null. Expired signatures
 * are removed on the way: their challenges are refused as expired anyway.
 */
export async function storeContactMessage(
  db: Database,
  input: {
    message: NewContactMessage;
    captcha: { signature: string; expiresAt: Date };
    now: Date;
  },
): Promise<string | null> {
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, input.now));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(usedCaptchas)
      .values(input.captcha)
      .onConflictDoNothing({ target: usedCaptchas.signature })
      .returning({ signature: usedCaptchas.signature });
    if (claimed.length === 0) return null;
    const [row] = await tx
      .insert(contactMessages)
      .values(input.message)
      .returning({ id: contactMessages.id });
    return row!.id;
  });
}

/** Delivery outcome of a stored message: when it was handed to the mail server, or why not. */
export async function recordDelivery(
  db: Database,
  id: string,
  outcome: { sentAt: Date } | { deliveryError: string },
): Promise<void> {
  await db
    .update(contactMessages)
    .set('sentAt' in outcome ? { sentAt: outcome.sentAt, deliveryError: null } : outcome)
    .where(eq(contactMessages.id, id));
}
