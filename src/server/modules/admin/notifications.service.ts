import type { NotificationStatus } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import type { Notification } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { publish } from '../../lib/events';
import type { AppDeps } from '../../types';
import {
  findLatestNotifications,
  insertNotification,
  markNotificationsRead,
} from './notifications.repository';

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
    await insertNotification(tx, input);
    await publish(tx, 'notifications', { organizationId: input.organizationId });
  });
}

/** The monitor's latest notifications for a user, unread ones flagged. */
export async function listNotifications(
  deps: AppDeps,
  organizationId: string,
  userId: string,
): Promise<{ newNotifications: boolean; notifications: Notification[] }> {
  const rows = await findLatestNotifications(
    deps.database.db,
    organizationId,
    userId,
    LIMITS.notificationsMax,
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
  await markNotificationsRead(deps.database.db, organizationId, userId);
}
