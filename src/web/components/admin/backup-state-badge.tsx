import { Badge, type BadgeProps } from '@mantine/core';
import { BACKUP_STATE_LABELS, type BackupState } from '../../../shared/constants/backups';

const STATE_COLORS: Record<BackupState, string> = { COPIED: 'teal', PENDING: 'gray', FAILED: 'red' };

/**
 * The state of a document's copy (Copiado, Pendiente, Falló) in its colour, always whole: a
 * table squeezing its column would otherwise cut the word ('COPI…').
 */
export function BackupStateBadge({ state, ...props }: { state: BackupState } & Omit<BadgeProps, 'color'>) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" miw="max-content" {...props}>
      {BACKUP_STATE_LABELS[state]}
    </Badge>
  );
}
