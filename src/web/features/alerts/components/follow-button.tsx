import { Anchor, Button, Center, Group, Loader, Modal } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon, RssIcon } from '../../../components/icons';
import type { FollowChoice } from '../choices';

/** The form (and the captcha and schemas it brings) loads when someone opens it. */
const FollowForm = lazy(() => import('./follow-form').then((m) => ({ default: m.FollowForm })));

/**
 * 'Seguir' (issue 33) and, beside it, the page's Atom feed: the button opens the follow form in a
 * dialog (focus kept inside, closed with Escape) with the choices the page offers.
 */
export function FollowButton({
  choices,
  feedUrl,
  size = 'sm',
}: {
  choices: FollowChoice[];
  /** The matching feed (`/feeds/…atom`), linked as 'Feed Atom'. */
  feedUrl?: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  // On a phone the form takes the whole screen rather than a narrow box between margins.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="light" size={size} onClick={open} leftSection={<BellIcon />} aria-haspopup="dialog">
        {t('Seguir')}
      </Button>
      {feedUrl ? (
        <Anchor href={feedUrl} fz="sm" type="application/atom+xml" style={{ whiteSpace: 'nowrap' }}>
          <Group gap={4} component="span" wrap="nowrap">
            <RssIcon size={14} />
            {t('Feed Atom')}
          </Group>
        </Anchor>
      ) : null}
      <Modal
        opened={opened}
        onClose={close}
        title={t('Recibir avisos por correo')}
        size="lg"
        fullScreen={phone === true}
        centered
      >
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" aria-label={t('Cargando')} />
            </Center>
          }
        >
          <FollowForm choices={choices} onDone={close} />
        </Suspense>
      </Modal>
    </Group>
  );
}
