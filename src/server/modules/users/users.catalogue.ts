import { USER_MESSAGES, type User, UserFieldsSchema, UserSchema } from '../../../shared/schemas/users';
import type { CatalogueDefinition } from '../catalogues/catalogue';
import { presentUser } from './users.presenter';
import { lockUsers, type UserRow, userStore } from './users.repository';
import { type AccountEffects, createUserEntry, removeUserEntry, updateUserEntry } from './users.service';

/**
 * The users catalogue (USERS) on the catalogue engine, behind its own routes (users.routes.ts:
 * the installation's administrators, with the users' own messages and bodies). Its writes run
 * one at a time (an advisory lock in each transaction), so two administrators cannot each remove
 * the other and leave no GENERAL administrator; the rules are the service's (users.service.ts),
 * what they do to accounts the port the app passes in.
 */
export const userCatalogue = (
  accounts: AccountEffects,
): CatalogueDefinition<typeof UserFieldsSchema, UserRow, User> => ({
  path: 'users',
  permission: 'USERS',
  scope: 'installation',
  store: userStore,
  input: UserFieldsSchema,
  doc: UserSchema,
  present: presentUser,
  messages: USER_MESSAGES,
  // Two requests that pass the e-mail check together still meet the unique index: the same 409.
  conflicts: { users_email_key: USER_MESSAGES.emailTaken },
  lock: lockUsers,
  create: (deps, tx, scope, input) => createUserEntry(deps, accounts, tx, scope.actor, input),
  update: (deps, tx, scope, id, input) => updateUserEntry(deps, accounts, tx, scope.actor, id, input),
  remove: (deps, tx, scope, id) => removeUserEntry(deps, accounts, tx, scope.actor, id),
});
