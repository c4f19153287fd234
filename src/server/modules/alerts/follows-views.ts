import type { FollowView } from '../../../shared/schemas/alerts';
import type { AppDeps } from '../../types';
import { presentFollow } from './alerts.presenter';
import type { FollowDetail } from './follows.repository';
import { filtersText } from './follows-text';

/** Follows as the pages and e-mails show them, the filters of CONTRACTS follows put in words. */
export async function followViews(
  deps: Pick<AppDeps, 'database'>,
  rows: readonly FollowDetail[],
): Promise<FollowView[]> {
  const views: FollowView[] = [];
  for (const row of rows) {
    const text = row.kind === 'CONTRACTS' ? await filtersText(deps, row.organizationId, row.filters) : null;
    views.push(presentFollow(row, text));
  }
  return views;
}
