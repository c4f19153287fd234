import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS, type PublicFilters } from '../../../../shared/schemas/filters';
import { fakeApi } from '../../../test/api';
import { renderScreen, TEST_MONITOR } from '../../../test/render';
import { FiltersPanel } from './filters-panel';

/** Every option list answers empty: these tests are about the red-flag select only. */
function answerOptions() {
  const empty = () => ({ error: false, data: { docs: [] } });
  return fakeApi(
    Object.fromEntries(
      [
        'administration-periods',
        'fiscal-years',
        'trimonths',
        'procedure-types',
        'administrative-units',
        'suppliers-filter',
      ].map((kind) => [`GET /public-api/contracts/retrieve/${kind}`, empty]),
    ),
  );
}

describe("FiltersPanel: 'Señales de alerta' (issue 32)", () => {
  it('is shown only where the page asks for it', () => {
    answerOptions();
    renderScreen(<FiltersPanel organizationId={TEST_MONITOR} applied={EMPTY_FILTERS} onApply={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Ejercicio' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Señales de alerta' })).toBeNull();
  });

  it('adds flags by name as removable tags and applies them with Filtrar', async () => {
    answerOptions();
    const onApply = vi.fn<(filters: PublicFilters) => void>();
    const { user } = renderScreen(
      <FiltersPanel organizationId={TEST_MONITOR} applied={EMPTY_FILTERS} onApply={onApply} withRedFlags />,
    );
    const select = screen.getByRole('combobox', { name: 'Señales de alerta' });
    await user.click(select);
    // 'Any flag' first, then the flags under their categories.
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options[0]).toBe('Cualquier señal de alerta');
    expect(options).toContain('Un solo participante');
    expect(screen.getByText('Competencia')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Un solo participante' }));
    await user.click(screen.getByRole('combobox', { name: 'Señales de alerta' }));
    await user.click(screen.getByRole('option', { name: 'Cualquier señal de alerta' }));

    const chosen = screen.getByRole('group', { name: 'Filtros elegidos' });
    expect(within(chosen).getByText('Señales de alerta: Un solo participante')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Hay cambios sin aplicar');
    await user.click(within(chosen).getByRole('button', { name: 'Quitar Cualquier señal de alerta' }));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ redFlags: ['SINGLE_BIDDER'] }));
  });

  it('shows applied flags once, in the panel, and keeps them when the index conditions are removed', async () => {
    answerOptions();
    const onApply = vi.fn<(filters: PublicFilters) => void>();
    const applied: PublicFilters = { ...EMPTY_FILTERS, withoutFolio: true, redFlags: ['AMENDED'] };
    const { user } = renderScreen(
      <FiltersPanel organizationId={TEST_MONITOR} applied={applied} onApply={onApply} withRedFlags />,
    );
    expect(screen.getAllByText('Señales de alerta: Con convenios modificatorios')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Quitar condiciones' }));
    expect(onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({ withoutFolio: undefined, redFlags: ['AMENDED'] }),
    );
  });
});
