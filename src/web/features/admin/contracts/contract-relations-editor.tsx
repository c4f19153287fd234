import { ActionIcon, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Amendment, Party } from '../../../../shared/contracts/relations';
import { DateField, type FieldProps, TextField } from '../../../components/admin/catalogue/fields';
import { contractRelationsQuery } from './api';

type ListKey = 'bidders' | 'invited' | 'amendments';

const NEW_PARTY: Party = { name: '', rfc: null };
const NEW_AMENDMENT: Amendment = { number: null, object: null, signedDate: null, url: null };

/**
 * The contract form's 'Participantes', 'Invitados' and 'Convenios modificatorios' (issue 30): the
 * stored lists read once when an existing contract opens, edited row by row; a list is sent only
 * once it was changed (an untouched list stays as stored), and its rules are the import's.
 */
export function ContractRelationsEditor({
  organizationId,
  draft,
  set,
  errors,
  entryId,
}: FieldProps & { organizationId: string }) {
  const stored = useQuery({
    ...contractRelationsQuery(organizationId, entryId ?? ''),
    enabled: Boolean(entryId),
  });
  const loading = Boolean(entryId) && !stored.data;
  const listOf = <T,>(key: ListKey): T[] =>
    ((draft[key] as T[] | undefined) ?? (stored.data?.data[key] as T[] | undefined) ?? []) as T[];
  const change = <T,>(key: ListKey, next: T[]) => set(key, next);

  if (stored.isError)
    return (
      <Text fz="sm" c="red">
        No fue posible consultar los participantes y convenios del contrato.
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="contract-relations-editor">
      <PartyList
        title="Participantes"
        what="participante"
        hint="Quienes presentaron una propuesta o cotización (el proveedor ganador incluido)."
        listKey="bidders"
        rows={listOf<Party>('bidders')}
        onChange={(next) => change('bidders', next)}
        errors={errors}
        disabled={loading}
      />
      <PartyList
        title="Invitados"
        what="invitado"
        hint="Quienes fueron invitados a participar."
        listKey="invited"
        rows={listOf<Party>('invited')}
        onChange={(next) => change('invited', next)}
        errors={errors}
        disabled={loading}
      />
      <Divider label="Convenios modificatorios" labelPosition="left" />
      {errors.amendments ? (
        <Text fz="sm" c="red">
          {errors.amendments}
        </Text>
      ) : null}
      {listOf<Amendment>('amendments').map((amendment, index, all) => {
        const update = (field: string, value: unknown) =>
          change(
            'amendments',
            all.map((item, position) =>
              position === index ? { ...item, [field]: value === '' ? null : value } : item,
            ),
          );
        const rowErrors = nested(errors, `amendments.${index}.`);
        return (
          <Paper
            // biome-ignore lint/suspicious/noArrayIndexKey: rows without an identity of their own; their inputs are controlled
            key={index}
            withBorder
            p="sm"
            radius="md"
            component="fieldset"
            aria-label={`Convenio ${index + 1}`}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField
                draft={amendment}
                set={update}
                errors={rowErrors}
                field="number"
                label="Número de convenio"
              />
              <DateField
                draft={amendment}
                set={update}
                errors={rowErrors}
                field="signedDate"
                label="Fecha de firma"
              />
            </SimpleGrid>
            <TextField
              draft={amendment}
              set={update}
              errors={rowErrors}
              field="object"
              label="Objeto del convenio"
            />
            <TextField
              draft={amendment}
              set={update}
              errors={rowErrors}
              field="url"
              label="Hipervínculo al convenio"
              placeholder="https://"
            />
            <Group justify="flex-end" mt="xs">
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() =>
                  change(
                    'amendments',
                    all.filter((_, position) => position !== index),
                  )
                }
              >
                Quitar convenio {index + 1}
              </Button>
            </Group>
          </Paper>
        );
      })}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        disabled={loading}
        onClick={() => change('amendments', [...listOf<Amendment>('amendments'), { ...NEW_AMENDMENT }])}
      >
        Agregar convenio
      </Button>
    </Stack>
  );
}

/** The errors of one row of a list (the server's 'bidders.0.name' as 'name'). */
function nested(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) =>
      path.startsWith(prefix) ? [[path.slice(prefix.length), message]] : [],
    ),
  );
}

function PartyList({
  title,
  what,
  hint,
  listKey,
  rows,
  onChange,
  errors,
  disabled,
}: {
  title: string;
  what: string;
  hint: string;
  listKey: ListKey;
  rows: Party[];
  onChange: (next: Party[]) => void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const update = (index: number, field: keyof Party, value: string) =>
    onChange(
      rows.map((row, position) =>
        position === index ? { ...row, [field]: field === 'rfc' ? value.trim() || null : value } : row,
      ),
    );
  return (
    <Stack gap={6}>
      <Divider label={title} labelPosition="left" />
      <Text fz="xs" c="dimmed">
        {hint}
      </Text>
      {errors[listKey] ? (
        <Text fz="sm" c="red">
          {errors[listKey]}
        </Text>
      ) : null}
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows without an identity of their own; their inputs are controlled
        <Group key={index} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            style={{ flex: '2 1 220px' }}
            label={`Nombre o razón social (${what} ${index + 1})`}
            value={row.name}
            onChange={(event) => update(index, 'name', event.currentTarget.value)}
            error={errors[`${listKey}.${index}.name`]}
            required
            maxLength={500}
          />
          <TextInput
            style={{ flex: '1 1 140px' }}
            label={`RFC (${what} ${index + 1})`}
            value={row.rfc ?? ''}
            onChange={(event) => update(index, 'rfc', event.currentTarget.value)}
            error={errors[`${listKey}.${index}.rfc`]}
            maxLength={20}
          />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={`Quitar ${what} ${index + 1}`}
            onClick={() => onChange(rows.filter((_, position) => position !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        disabled={disabled}
        onClick={() => onChange([...rows, { ...NEW_PARTY }])}
      >
        Agregar {what}
      </Button>
    </Stack>
  );
}
