import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** The smallest round trip to the database: resolves when it answers, throws when it cannot. */
export async function selectOne(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
