import type { AppDeps } from '../../types';
import { selectOne } from './health.repository';

/** Resolves when the database answers the smallest round trip; throws when it cannot. */
export function pingDatabaseOnce(deps: Pick<AppDeps, 'database'>): Promise<void> {
  return selectOne(deps.database.db);
}
