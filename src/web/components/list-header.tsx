import { Anchor, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The top of a list screen (spec): links on to other screens, the title, and the actions. */
export function ListHeader({
  links,
  title,
  actions,
}: {
  links: { to: string; label: string }[];
  title: string;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Group gap="md">
          {links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} fz="sm">
              {t(link.label)}
            </Anchor>
          ))}
        </Group>
        <Title order={1} mt={4}>
          {t(title)}
        </Title>
      </div>
      <Group gap="xs">{actions}</Group>
    </Group>
  );
}
