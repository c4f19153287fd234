import { Pill } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A chosen value shown as a tag with its remove button (filters, the index's conditions). Mantine's
 * Pill hides its remove button from assistive technology and the keyboard (aria-hidden, tabIndex
 * -1): here it is a real button, reached with Tab and named ('Quitar …').
 */
export function RemovableTag({
  children,
  removeLabel,
  onRemove,
}: {
  children: ReactNode;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <Pill
      withRemoveButton
      onRemove={onRemove}
      removeButtonProps={{ 'aria-label': removeLabel, 'aria-hidden': false, tabIndex: 0 }}
    >
      {children}
    </Pill>
  );
}
