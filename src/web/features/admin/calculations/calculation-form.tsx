import { Divider, Group, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import {
  ChoiceField,
  type FieldProps,
  NotesField,
  TextField,
} from '../../../components/admin/catalogue/fields';
import { FiltersEditor } from './filters-editor';
import { FormulaBuilder } from './formula-builder';
import { ScaleEditor } from './scale-editor';

export const TYPE_LABELS = { CONTRACT: 'Contrato', GENERAL: 'General' } as const;
export const DISPLAY_FORM_LABELS = {
  NORMAL: 'Normal',
  AMOUNT: 'Cantidad',
  PERCENTAGE: 'Porcentaje',
} as const;

/**
 * The calculation modal (admin spec, 'Calculations catalogue modal'): name, description, type,
 * abbreviation, administration period, enabled, locked, notes, display form, the percent scale
 * with its rows, filters, and the formula builder (variables grouped, other calculations by
 * `$$`, click to insert, live check with the position of the error, the result's preview).
 */
export function CalculationForm(props: FieldProps & { currentId: string | null }) {
  const { draft, set, errors, currentId } = props;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField {...props} field="name" label="Nombre" required />
        <TextField
          {...props}
          field="abbreviation"
          label="Abreviación"
          required
          placeholder="$$IRC"
          description="$$ y de 1 a 7 letras mayúsculas o dígitos"
        />
      </SimpleGrid>
      <Textarea
        label="Descripción"
        required
        autosize
        minRows={2}
        value={typeof draft.description === 'string' ? draft.description : ''}
        error={errors.description}
        onChange={(event) => set('description', event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <ChoiceField {...props} field="type" label="Tipo" required labels={TYPE_LABELS} />
        <TextField
          {...props}
          field="administrationPeriod"
          label="Administración"
          placeholder="2024-2027"
          description="Opcional: solo se evalúa en esa administración"
        />
        <ChoiceField
          {...props}
          field="displayForm"
          label="Mostrar resultado como"
          required
          labels={DISPLAY_FORM_LABELS}
        />
      </SimpleGrid>
      <Group gap="xl">
        <Switch
          label="Habilitado (se muestra en el portal)"
          checked={draft.enabled === true}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
        />
        <Switch
          label="Bloqueado (es el índice de riesgo de corrupción)"
          checked={draft.locked === true}
          onChange={(event) => set('locked', event.currentTarget.checked)}
        />
      </Group>
      <Divider label="Fórmula" labelPosition="left" />
      <FormulaBuilder {...props} currentId={currentId} />
      <Divider label="Escala" labelPosition="left" />
      <ScaleEditor {...props} />
      <Divider label="Filtros" labelPosition="left" />
      <FiltersEditor {...props} />
      <NotesField {...props} />
    </Stack>
  );
}
