import { sql } from 'drizzle-orm';
import type { NotificationStatus } from '../../../shared/constants/enums';
import { type Database, queryRows } from '../../db/client';
import { notifications } from '../../db/schema';

export type NewNotification = typeof notifications.$inferInsert;

/** A notification as the administrators' list shows it: who created it and whether the user read it. */
export interface NotificationListRow {
  id: string;
  message: string;
  status: NotificationStatus;
  createdAt: Date | string;
  createdBy: string | null;
  unread: boolean;
}

export async function insertNotification(db: Database, notification: NewNotification): Promise<void> {
  await db.insert(notifications).values(notification);
}

/** The monitor's latest notifications, newest first, each flagged unread unless the user has read it. */
export async function findLatestNotifications(
  db: Database,
  organizationId: string,
  userId: string,
  limit: number,
): Promise<NotificationListRow[]> {
  return queryRows<NotificationListRow>(
    db,
    sql`SELECT n.id, n.message, n.status, n.created_at AS "createdAt",
               CASE WHEN u.id IS NULL THEN NULL ELSE u.name || ' ' || u.last_name END AS "createdBy",
               r.user_id IS NULL AS unread
        FROM notifications n
        LEFT JOIN users u ON u.id = n.created_by
        LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = ${userId}
        WHERE n.organization_id = ${organizationId}
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT ${limit}`,
  );
}

/** Records every notification of the monitor as read by the user (those already read stay as they are). */
export async function markNotificationsRead(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO notification_reads (notification_id, user_id)
    SELECT id, ${userId}::uuid FROM notifications WHERE organization_id = ${organizationId}
    ON CONFLICT DO NOTHING`);
}
