import { count } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { LOCKS } from '../db/migrate';
import { organizations } from '../db/schema';
import { generatePassword } from '../lib/passwords';
import { hasAboutTexts } from '../modules/about/about.service';
import { countAllUsers } from '../modules/users/users.repository';
import { createAdministrator } from '../modules/users/users.service';
import { type DemoSeedResult, seedDemoData } from './demo';

export const DEMO_ADMIN = { email: 'admin@example.org', name: 'Administrador', lastName: 'Demo' } as const;

export interface BootstrapResult {
  demo: DemoSeedResult | null;
  /** The administrator created on this start; `password` only when it was generated here. */
  createdAdmin: { email: string; password?: string } | null;
}

/** Start refused because something only the operator can provide is missing. */
export class BootstrapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BootstrapError';
  }
}

/**
 * First-start work, done by one process at a time: demonstration data on an empty embedded
 * database (or when SEED_DEMO=true), and the first GENERAL administrator. Runs on every start
 * and does nothing once both exist.
 */
export async function bootstrap(database: DatabaseHandle, config: AppConfig): Promise<BootstrapResult> {
  return database.withExclusiveLock(LOCKS.seed, async (db) => {
    const embedded = database.kind === 'pglite';
    let demo: DemoSeedResult | null = null;
    // The association of ABOUT_FILE, when it has any text, wins over the demonstration's.
    const demoOptions = { association: !hasAboutTexts(config.about) };
    if (config.seedDemo === 'true') {
      demo = await seedDemoData(db, demoOptions);
    } else if (config.seedDemo === 'auto' && embedded) {
      const [row] = await db.select({ total: count() }).from(organizations);
      if ((row?.total ?? 0) === 0) demo = await seedDemoData(db, demoOptions);
    }

    let createdAdmin: BootstrapResult['createdAdmin'] = null;
    if ((await countAllUsers(db)) === 0) {
      if (config.admin) {
        await createAdministrator(db, { ...config.admin, name: 'Administrador', lastName: 'General' });
        createdAdmin = { email: config.admin.email.toLowerCase() };
      } else if (embedded) {
        const password = generatePassword();
        await createAdministrator(db, { ...DEMO_ADMIN, password });
        createdAdmin = { email: DEMO_ADMIN.email, password };
      } else {
        throw new BootstrapError(
          'This PostgreSQL database has no administrator yet. Set ADMIN_EMAIL and ADMIN_PASSWORD ' +
            '(at least 12 characters) for this first start: they create the first GENERAL administrator. ' +
            'They are not needed on later starts.',
        );
      }
    }
    return { demo, createdAdmin };
  });
}
