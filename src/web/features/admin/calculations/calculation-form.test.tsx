import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { CalculationForm } from './calculation-form';
import { CALCULATIONS_CATALOGUE } from './calculations-catalogue';

/** The catalogue's own empty draft, named so the formula can refer to it. */
const EMPTY = { ...CALCULATIONS_CATALOGUE.empty, name: 'Índice de prueba', abbreviation: '$$PRUEBA' };

/** The catalogue's modal holds the draft; here a state does. */
function Modal({ initial = EMPTY }: { initial?: Record<string, unknown> }) {
  const [draft, setDraft] = useState<Record<string, unknown>>(initial);
  return (
    <CalculationForm
      draft={draft}
      set={(field, value) => setDraft((previous) => ({ ...previous, [field]: value }))}
      errors={{}}
      currentId={null}
    />
  );
}

const others = (docs: { _id: string; name: string; abbreviation: string }[]) => () => ({
  data: { docs: docs.map((doc) => ({ ...doc, description: '', type: 'CONTRACT' })) },
});

describe('CalculationForm', () => {
  it('says what is wrong with the formula at once, without asking the server', async () => {
    const api = fakeApi({ 'GET /api/calculations/retrieve/calculations': others([]) });
    const { user } = renderScreen(<Modal />);
    await user.type(screen.getByRole('textbox', { name: /Expresión/ }), '$NOPE');
    expect(await screen.findByText(/La variable \$NOPE no existe/)).toBeInTheDocument();
    expect(api.to('POST /api/calculations/formula/validate')).toHaveLength(0);
  });

  it('inserts variables and other calculations where the cursor is, then previews the result', async () => {
    const api = fakeApi({
      'GET /api/calculations/retrieve/calculations': others([
        { _id: '01900000-0000-7000-8000-0000000000c1', name: 'Riesgo', abbreviation: '$$RIESGO' },
      ]),
      'POST /api/calculations/formula/validate': () => ({
        error: false,
        message: '',
        results: { value: 0.123456, administrationPeriod: '2024-2027' },
      }),
    });
    const { user } = renderScreen(<Modal />);
    const expression = screen.getByRole('textbox', { name: /Expresión/ });
    await user.click(screen.getByRole('button', { name: '$MTG Monto total gastado, insertar' }));
    expect(expression).toHaveValue('$MTG');
    await user.type(expression, ' / ');
    await user.click(await screen.findByRole('button', { name: '$$RIESGO Riesgo, insertar' }));
    expect(expression).toHaveValue('$MTG / $$RIESGO');

    expect(await screen.findByText('Fórmula válida.', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('formula-preview')).toHaveTextContent('Resultado (2024-2027): 0.1235%');
    expect(screen.getByText('Con los contratos de esta organización.')).toBeInTheDocument();
    const body = api.last('POST /api/calculations/formula/validate')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      formula: { expression: '$MTG / $$RIESGO' },
      abbreviation: '$$PRUEBA',
      type: 'CONTRACT',
    });
  });

  it("lists the red flags' variables in a group of their own and inserts them", async () => {
    fakeApi({ 'GET /api/calculations/retrieve/calculations': others([]) });
    const { user } = renderScreen(<Modal />);
    expect(screen.getByText('SEÑALES DE ALERTA')).toBeInTheDocument();
    const expression = screen.getByRole('textbox', { name: /Expresión/ });
    await user.click(
      screen.getByRole('button', {
        name: '$NSAUP Número de contratos con la señal «Un solo participante», insertar',
      }),
    );
    await user.type(expression, ' * 100 / ');
    await user.click(screen.getByRole('button', { name: '$NTC Número total de contratos, insertar' }));
    expect(expression).toHaveValue('$NSAUP * 100 / $NTC');
    expect(
      screen.getByRole('button', { name: /^\$MSA Monto de los contratos con alguna señal de alerta/ }),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of a formula and says when there are no other calculations", async () => {
    fakeApi({
      'GET /api/calculations/retrieve/calculations': others([]),
      'POST /api/calculations/formula/validate': () => ({
        error: true,
        message: 'El cálculo $$OTRO no existe.',
        results: { value: null, administrationPeriod: null },
      }),
    });
    renderScreen(<Modal initial={{ ...EMPTY, formula: { expression: '$MTG + $$OTRO' } }} />);
    expect(await screen.findByText('No hay otros cálculos.')).toBeInTheDocument();
    expect(await screen.findByText('El cálculo $$OTRO no existe.')).toBeInTheDocument();
  });

  it('turns the scale on with the default ranges and says when they leave a gap', async () => {
    fakeApi({ 'GET /api/calculations/retrieve/calculations': others([]) });
    const { user } = renderScreen(<Modal />);
    await user.click(screen.getByRole('switch', { name: /Activar escala/ }));
    expect(screen.getByLabelText('Rango 1: mínimo')).toHaveValue('0');
    expect(screen.getByLabelText('Rango 3: máximo')).toHaveValue('100');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Quitar el rango 2' }));
    expect(screen.queryByLabelText('Rango 3: mínimo')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('La escala tiene un hueco entre 33.33 y 66.67');
    await user.click(screen.getByRole('button', { name: 'Escala predeterminada' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("adds a filter for the formula's first variable and removes it", async () => {
    fakeApi({
      'GET /api/calculations/retrieve/calculations': others([]),
      'POST /api/calculations/formula/validate': () => ({
        error: false,
        message: '',
        results: { value: 1, administrationPeriod: null },
      }),
    });
    const { user } = renderScreen(<Modal initial={{ ...EMPTY, formula: { expression: '$MTG / $MGLP' } }} />);
    await user.click(screen.getByRole('button', { name: 'Agregar filtro' }));
    expect(screen.getByText('1 filtro(s)')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Elige una variable')).toHaveValue('$MTG');
    await user.click(screen.getByRole('button', { name: 'Quitar filtro' }));
    expect(screen.queryByText('1 filtro(s)')).not.toBeInTheDocument();
  });
});
