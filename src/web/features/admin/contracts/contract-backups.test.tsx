import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DocumentBackup } from '../../../../shared/schemas/backups';
import { fakeApi } from '../../../test/api';
import { renderScreen, TEST_MONITOR } from '../../../test/render';
import { ContractBackups } from './contract-backups';

const CONTRACT = '01900000-0000-7000-8000-0000000000c1';
const row = (document: DocumentBackup['document'], state: DocumentBackup['state']): DocumentBackup => ({
  document,
  url: `https://transparencia.ejemplo.invalid/${document}.pdf`,
  state,
  reason: null,
  lastCheckedAt: null,
  goneSince: null,
  versions: [],
});

describe("ContractBackups: the contract form's 'Copias de respaldo'", () => {
  it('says once, plainly, that a link never registered gets registered when the contract is saved', async () => {
    fakeApi({
      [`GET /api/backups/contract/${CONTRACT}`]: () => ({
        error: false,
        data: [row('CONTRACT', 'NOT_KEPT'), row('ANNOUNCEMENT', 'PENDING')],
      }),
    });
    renderScreen(<ContractBackups organizationId={TEST_MONITOR} contractId={CONTRACT} />);
    const badge = await screen.findByText('Sin copia');
    const line = screen.getByText(
      (_, element) => element?.tagName === 'P' && /^Contrato · /.test(element.textContent ?? ''),
    );
    expect(line).toHaveTextContent(
      /^Contrato · esta liga aún no está registrada para respaldo; se registrará al guardar el contrato\.$/,
    );
    expect(line.parentElement).toContainElement(badge);
    expect(screen.getByTestId('contract-backups')).not.toHaveTextContent('no se guarda copia');
    expect(screen.getByText(/la copia se hará en unos minutos/)).not.toHaveTextContent('registrada');
  });
});
