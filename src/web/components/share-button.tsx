import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard';
import { toast } from '../lib/notifications';
import { shareableUrl } from '../lib/share';

/** Copies the address of the current view so the same view can be shared. */
export function ShareButton(props: Pick<ButtonProps, 'variant' | 'size'> & { organizationId?: string }) {
  const { t } = useTranslation();
  const handleShare = async () => {
    if (await copyText(shareableUrl(window.location.href, props.organizationId))) {
      toast('info', 'Se ha copiado el enlace correctamente');
    } else {
      toast('alert', 'No fue posible copiar el enlace. Cópialo desde la barra de direcciones.');
    }
  };
  return (
    <Button
      variant={props.variant ?? 'light'}
      size={props.size ?? 'sm'}
      onClick={handleShare}
      leftSection={<ShareIcon />}
    >
      {t('Compartir')}
    </Button>
  );
}

function ShareIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}
