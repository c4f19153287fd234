import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard';
import { toast } from '../lib/notifications';
import { shareableUrl } from '../lib/share';
import { ShareIcon } from './icons';

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
