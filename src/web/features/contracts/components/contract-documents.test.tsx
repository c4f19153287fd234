import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DocumentBackup } from '../../../../shared/schemas/backups';
import type { ContractDetail } from '../../../../shared/schemas/contracts';
import { renderScreen } from '../../../test/render';
import { ContractDocuments } from './contract-documents';

const LINK = 'https://transparencia.ejemplo.invalid/contratos/cto-001.pdf';

/** A contract with its contract document linked, whose copy is in `state`. */
function contractWith(state: DocumentBackup['state']): ContractDetail {
  const backup: DocumentBackup = {
    document: 'CONTRACT',
    url: LINK,
    state,
    reason: null,
    lastCheckedAt: null,
    goneSince: null,
    versions: [],
  };
  return { contractUrl: LINK, documentBackups: [backup] } as unknown as ContractDetail;
}

describe('ContractDocuments: what the modal says of a document without a copy', () => {
  it('says no copy is kept of a link never registered (the demonstration), not that one is coming', async () => {
    const { user } = renderScreen(<ContractDocuments contract={contractWith('NOT_KEPT')} />);
    await user.click(screen.getByRole('button', { name: 'Contrato' }));
    const missing = screen.getByTestId('backup-missing');
    expect(missing).toHaveTextContent(
      'Este portal no guarda una copia de este documento; consulta el original.',
    );
    expect(missing).not.toHaveTextContent('se está preparando');
    expect(screen.getByRole('link', { name: LINK })).toHaveAttribute('href', LINK);
  });

  it('still says a registered link’s copy is on its way', async () => {
    const { user } = renderScreen(<ContractDocuments contract={contractWith('PENDING')} />);
    await user.click(screen.getByRole('button', { name: 'Contrato' }));
    expect(screen.getByTestId('backup-missing')).toHaveTextContent(
      'La copia se está preparando; vuelve a consultar más tarde.',
    );
  });
});

describe('ContractDocuments: the document buttons at 200 % zoom or on a 360-pixel phone', () => {
  it('lets every label wrap and its button grow, so the whole name is always readable', () => {
    renderScreen(<ContractDocuments contract={contractWith('PENDING')} />);
    for (const name of [
      'Contrato',
      'Convocatoria / Invitación',
      'Fallo de Junta de Aclaraciones',
      'Presentación de Propuesta',
    ]) {
      const button = screen.getByRole('button', { name: new RegExp(`^${name}`) });
      // Mantine's button is one line of fixed height whose label is cut (nowrap, overflow hidden).
      expect(button.style.height, name).toBe('auto');
      const label = button.querySelector<HTMLElement>('.mantine-Button-label')!;
      expect(label).toHaveTextContent(name);
      expect(label.style.whiteSpace, name).toBe('normal');
      expect(label.style.height, name).toBe('auto');
      expect(label.style.overflow, name).toBe('visible');
      // 'No disponible' goes under the name when both do not fit on one line.
      const inner = button.querySelector<HTMLElement>('.mantine-Button-inner')!;
      expect(inner.style.flexWrap, name).toBe('wrap');
      expect(inner.style.height, name).toBe('auto');
    }
  });
});
