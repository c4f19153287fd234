import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages, organizations, usedCaptchas } from '../../db/schema';

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
 * are removed on the way: their challenges are refused as expired anyway. `afterStore` runs in the
 * same transaction (the e-mail job is enqueued there, so a stored message always has its job).
 */
export async function storeContactMessage(
  db: Database,
  input: {
    message: NewContactMessage;
    captcha: { signature: string; expiresAt: Date };
    now: Date;
  },
  afterStore: (tx: Database, id: string) => Promise<unknown> = async () => {},
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
    await afterStore(tx as unknown as Database, row!.id);
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

/** A stored message with its monitor's name and current contact address, for its e-mail job. */
export async function findMessageToSend(db: Database, id: string) {
  const [row] = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      sentAt: contactMessages.sentAt,
      organizationName: organizations.name,
      contactEmail: organizations.contactEmail,
    })
    .from(contactMessages)
    .innerJoin(organizations, eq(organizations.id, contactMessages.organizationId))
    .where(eq(contactMessages.id, id));
  return row;
}
