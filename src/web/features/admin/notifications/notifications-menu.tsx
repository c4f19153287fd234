import { ActionIcon, Box, Indicator, Menu, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { NotificationStatus } from '../../../../shared/constants/enums';
import { formatDate } from '../../../../shared/format/dates';
import { BellIcon } from '../../../components/icons';
import { markNotificationsRead, useNotificationStream, useNotifications } from './api';

const COLORS: Record<NotificationStatus, string> = { INFO: 'blue', DANGER: 'red', SUCCESS: 'green' };

/** The header bell: the monitor's latest notifications; opening it marks the new ones read. */
export function NotificationsMenu({ organizationId, token }: { organizationId: string; token: string }) {
  const queryClient = useQueryClient();
  const { data } = useNotifications(organizationId);
  useNotificationStream(organizationId, token);
  const fresh = Boolean(data?.newNotifications);
  const unread = data?.notifications.filter((item) => item.unread).length ?? 0;

  return (
    <Menu
      width={340}
      position="bottom-end"
      shadow="md"
      onOpen={() => {
        if (fresh) void markNotificationsRead(organizationId, queryClient).catch(() => undefined);
      }}
    >
      {/* The dot around the target, not the target: the button itself gets aria-haspopup and aria-expanded. */}
      <Indicator disabled={!fresh} color="red" size={10} offset={4} processing>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={fresh ? `Notificaciones: ${unread} nuevas` : 'Notificaciones'}
            data-testid="notifications-button"
          >
            <BellIcon size={20} />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown>
        <Menu.Label>Notificaciones</Menu.Label>
        {data && data.notifications.length > 0 ? (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={0}>
              {data.notifications.map((item) => (
                <Stack
                  key={item._id}
                  gap={2}
                  px="sm"
                  py={8}
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Text fz="sm" fw={item.unread ? 700 : 400}>
                    <Box
                      component="span"
                      w={8}
                      h={8}
                      mr={8}
                      bg={`${COLORS[item.status]}.6`}
                      style={{ borderRadius: '50%', display: 'inline-block', verticalAlign: 'middle' }}
                      aria-hidden="true"
                    />
                    {item.message}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatDate(item.createdAt)}
                    {item.createdBy ? ` · ${item.createdBy}` : ''}
                  </Text>
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Text fz="sm" c="dimmed" px="sm" py="xs">
            No hay notificaciones por ahora.
          </Text>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
