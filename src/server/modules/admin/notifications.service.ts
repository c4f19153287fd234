import { sql } from 'drizzle-orm';
import type { NotificationStatus } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import type { Notification } from '../../../shared/schemas/admin';
import { type Database, queryRows } from '../../db/client';
import { notifications } from '../../db/schema';
import { publish } from '../../lib/events';
import type { AppDeps } from '../../types';

/**
 * Records a notification of a monitor (data loads create them) and wakes the administrators'
 * open streams on every process once the surrounding transaction commits.
 */
export async function createNotification(
  db: Database,
  input: {
    organizationId: string;
    createdBy: string | null;
    message: string;
    status: NotificationStatus;
    /** The application's clock (deps.now) when a cap counts these rows by time; the database's otherwise. */
    createdAt?: Date;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(notifications).values(input);
    await publish(tx, 'notifications', { organizationId: input.organizationId });
  });
}

/** The monitor's latest notifications for a user, unread ones flagged. */
export async function listNotifications(
  deps: AppDeps,
  organizationId: string,
  userId: string,
): Promise<{ newNotifications: boolean; notifications: Notification[] }> {
  const rows = await queryRows<{
    id: string;
    message: string;
    status: NotificationStatus;
    createdAt: Date | string;
    createdBy: string | null;
    unread: boolean;
  }>(
    deps.database.db,
    sql`SELECT n.id, n.message, n.status, n.created_at AS "createdAt",
               CASE WHEN u.id IS NULL THEN NULL ELSE u.name || ' ' || u.last_name END AS "createdBy",
               r.user_id IS NULL AS unread
        FROM notifications n
        LEFT JOIN users u ON u.id = n.created_by
        LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = ${userId}
        WHERE n.organization_id = ${organizationId}
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT ${LIMITS.notificationsMax}`,
  );
  return {
    newNotifications: rows.some((row) => row.unread),
    notifications: rows.map((row) => ({
      _id: row.id,
      message: row.message,
      status: row.status,
      createdAt: new Date(row.createdAt).toISOString(),
      createdBy: row.createdBy,
      unread: row.unread,
    })),
  };
}

/** Marks every notification of the monitor as seen by the user. */
export async function readNotifications(
  deps: AppDeps,
  organizationId: string,
  userId: string,
): Promise<void> {
  await deps.database.db.execute(sql`
    INSERT INTO notification_reads (notification_id, user_id)
    SELECT id, ${userId}::uuid FROM notifications WHERE organization_id = ${organizationId}
    ON CONFLICT DO NOTHING`);
}
