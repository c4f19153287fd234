import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { associationTexts } from '../../db/schema';

export type AssociationTextsRow = typeof associationTexts.$inferSelect;
export type AssociationTextsValues = Omit<typeof associationTexts.$inferInsert, 'singleton'>;

/** The saved texts of the association, or undefined while nobody has saved them. */
export async function findAssociationTexts(db: Database): Promise<AssociationTextsRow | undefined> {
  const [row] = await db.select().from(associationTexts).where(eq(associationTexts.singleton, true));
  return row;
}

/** Writes the one row of the association's texts (created on the first save). */
export async function saveAssociationTexts(
  db: Database,
  values: AssociationTextsValues,
): Promise<AssociationTextsRow> {
  const [row] = await db
    .insert(associationTexts)
    .values({ ...values, singleton: true })
    .onConflictDoUpdate({ target: associationTexts.singleton, set: values })
    .returning();
  return row!;
}

/** Writes the texts only when none are saved yet (the demonstration data never overwrites them). */
export async function insertAssociationTextsIfMissing(
  db: Database,
  values: AssociationTextsValues,
): Promise<void> {
  await db
    .insert(associationTexts)
    .values({ ...values, singleton: true })
    .onConflictDoNothing({ target: associationTexts.singleton });
}
