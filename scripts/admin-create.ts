/**
 * `npm run admin:create -- --email ana@asociacion.org --name Ana --last-name López`: creates an
 * active GENERAL administrator in the configured database (DATABASE_URL, or the embedded one).
 * The password comes from ADMIN_PASSWORD (at least 12 characters) or is generated and printed once.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { generatePassword } from '../src/server/lib/passwords';
import { findUserByEmail } from '../src/server/modules/users/users.repository';
import { createAdministrator } from '../src/server/modules/users/users.service';

const usage =
  'Usage: npm run admin:create -- --email ana@asociacion.org --name Ana --last-name López\n' +
  '       (password from ADMIN_PASSWORD, 12+ characters; otherwise one is generated and printed)';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, 'last-name': { type: 'string' } },
  strict: true,
});
const input = z
  .object({
    email: z.email('--email must be an e-mail address').transform((value) => value.toLowerCase()),
    name: z.string({ message: '--name is required' }).trim().min(1, '--name is required').max(100),
    lastName: z
      .string({ message: '--last-name is required' })
      .trim()
      .min(1, '--last-name is required')
      .max(100),
    password: z.string().min(12, 'ADMIN_PASSWORD must have at least 12 characters').max(100).optional(),
  })
  .safeParse({
    email: values.email,
    name: values.name,
    lastName: values['last-name'],
    password: process.env.ADMIN_PASSWORD || undefined,
  });
if (!input.success) {
  console.error(`${input.error.issues.map((issue) => issue.message).join('\n')}\n\n${usage}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrateDatabase(database);
  if (await findUserByEmail(database.db, input.data.email)) {
    console.error(`A user with the e-mail ${input.data.email} already exists; nothing was created.`);
    process.exitCode = 1;
  } else {
    const password = input.data.password ?? generatePassword();
    await createAdministrator(database.db, { ...input.data, password });
    console.log(`Created the GENERAL administrator ${input.data.email} in ${database.describe}.`);
    if (!input.data.password) console.log(`Password (shown only this once; keep it): ${password}`);
  }
} finally {
  await database.close();
}
