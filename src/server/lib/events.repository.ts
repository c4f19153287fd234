import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Sends `payload` to every listener of `channel` on the database, in every process. Inside a
 * transaction PostgreSQL delivers it when the transaction commits, and never if it rolls back.
 */
export async function notify(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}
