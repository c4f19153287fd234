import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  type NumberInputProps,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  RED_FLAG_CATEGORIES,
  RED_FLAG_CODES,
  RED_FLAG_PARAMETER_BOUNDS,
  RED_FLAG_PARAMETER_LABELS,
  RED_FLAGS,
  type RedFlagCode,
} from '../../../../shared/red-flags/definitions';
import { FormErrors } from '../../../components/form-errors';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { type RedFlagSettings, useChangeRedFlagSettings, useRedFlagSettings } from './api';
import { checkDraft, type DraftErrors, fieldOf, type ParametersDraft, toDraft } from './draft';
import { LimitsFields } from './limits-fields';

const LOAD_FAILED = 'No fue posible cargar los parámetros de las señales de alerta.';
const bounds = RED_FLAG_PARAMETER_BOUNDS;
type NumberField = Exclude<keyof ParametersDraft, 'limits' | 'enabled'>;

/** The monitor's parameters and switches once they have loaded (CALCULATIONS). */
export function ParametersCard({ organizationId }: { organizationId: string }) {
  const settings = useRedFlagSettings(organizationId);
  if (settings.isError) {
    return (
      <Alert color="red" variant="light" title={LOAD_FAILED}>
        <Button mt="sm" variant="light" color="red" onClick={() => void settings.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  if (!settings.data) return <Skeleton height={420} radius="md" />;
  // A new version (saved here or elsewhere) starts the form again from the stored values.
  return (
    <ParametersForm
      key={settings.data.methodVersion}
      organizationId={organizationId}
      settings={settings.data}
    />
  );
}

function ParametersForm({ organizationId, settings }: { organizationId: string; settings: RedFlagSettings }) {
  const [draft, setDraft] = useState<ParametersDraft>(() => toDraft(settings.parameters));
  const [errors, setErrors] = useState<DraftErrors>({});
  const save = useChangeRedFlagSettings(organizationId);

  const change = (next: Partial<ParametersDraft>, fixed: string[]) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !fixed.includes(key))),
    );
  };
  const number = (key: NumberField, props: NumberInputProps): NumberInputProps => ({
    ...props,
    value: draft[key],
    error: errors[key],
    onChange: (value) => change({ [key]: value }, [key]),
  });
  const toggle = (code: RedFlagCode, on: boolean) =>
    setDraft((current) => ({ ...current, enabled: { ...current.enabled, [code]: on } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast('danger', 'El formulario contiene errores', { id: 'form-errors' });
      return;
    }
    save.mutate(checked.parameters, {
      onSuccess: (response) =>
        toast('success', response.message, {
          id: 'red-flags-saved',
          detail: `Versión del método: ${response.data.methodVersion}.`,
        }),
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          const found: DraftErrors = {};
          for (const issue of error.errors) found[fieldOf(issue.path.split('.'), draft)] ??= issue.message;
          setErrors(found);
        }
        toast('danger', error.message || 'No fue posible guardar los parámetros.');
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate data-testid="red-flag-parameters">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} fz="lg">
                Parámetros del monitor
              </Title>
              <Text fz="sm" c="dimmed">
                Al guardar, el método cambia de versión y las señales de todos los contratos del monitor se
                vuelven a calcular en segundo plano.
              </Text>
            </div>
            <Badge variant="light" size="lg" data-testid="method-version">
              Versión del método: {settings.methodVersion}
            </Badge>
          </Group>
          <LimitsFields
            rows={draft.limits}
            errors={errors}
            onChange={(edit) => {
              setDraft((current) => ({ ...current, limits: edit(current.limits) }));
              setErrors(({ directAwardLimits: _a, ...rest }) =>
                Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('limits.'))),
              );
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              {...number('chainWindowDays', {
                label: RED_FLAG_PARAMETER_LABELS.chainWindowDays,
                min: bounds.chainWindowDays.min,
                max: bounds.chainWindowDays.max,
                allowDecimal: false,
                allowNegative: false,
                suffix: ' días',
              })}
            />
            <NumberInput
              {...number('concentrationPercent', {
                label: `${RED_FLAG_PARAMETER_LABELS.concentrationShare} (%)`,
                description:
                  'Porcentaje del dinero por encima del cual el proveedor se considera concentrado.',
                min: bounds.concentrationShare.min * 100,
                max: bounds.concentrationShare.max * 100,
                decimalScale: 2,
                allowNegative: false,
                suffix: ' %',
              })}
            />
            <NumberInput
              {...number('concentrationMinContracts', {
                label: RED_FLAG_PARAMETER_LABELS.concentrationMinContracts,
                min: bounds.minContracts.min,
                max: bounds.minContracts.max,
                allowDecimal: false,
                allowNegative: false,
              })}
            />
            <NumberInput
              {...number('outlierFactor', {
                label: RED_FLAG_PARAMETER_LABELS.outlierFactor,
                min: bounds.outlierFactor.min,
                max: bounds.outlierFactor.max,
                step: 0.5,
                decimalScale: 2,
                allowNegative: false,
              })}
            />
            <NumberInput
              {...number('outlierMinContracts', {
                label: RED_FLAG_PARAMETER_LABELS.outlierMinContracts,
                min: bounds.minContracts.min,
                max: bounds.minContracts.max,
                allowDecimal: false,
                allowNegative: false,
              })}
            />
          </SimpleGrid>
          <FlagSwitches enabled={draft.enabled} onToggle={toggle} />
          <FormErrors messages={[...new Set(Object.values(errors))]} />
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={save.isPending}
              onClick={() => {
                setDraft(toDraft(settings.parameters));
                setErrors({});
              }}
            >
              Descartar cambios
            </Button>
            <Button type="submit" loading={save.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A switch per flag, grouped by the categories of the /red-flags page. */
function FlagSwitches({
  enabled,
  onToggle,
}: {
  enabled: Record<RedFlagCode, boolean>;
  onToggle: (code: RedFlagCode, on: boolean) => void;
}) {
  return (
    <Stack gap="sm">
      <div>
        <Text fw={600} fz="sm">
          Señales que calcula el monitor
        </Text>
        <Text fz="sm" c="dimmed">
          Una señal apagada no se calcula ni se muestra en los contratos de este monitor.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {RED_FLAG_CATEGORIES.map((category) => (
          <Stack
            key={category.code}
            gap={6}
            component="fieldset"
            style={{ border: 0, padding: 0, margin: 0 }}
          >
            <Text component="legend" fw={600} fz="sm" mb={4}>
              {category.name}
            </Text>
            {RED_FLAG_CODES.filter((code) => RED_FLAGS[code].category === category.code).map((code) => (
              <Switch
                key={code}
                label={RED_FLAGS[code].name}
                checked={enabled[code]}
                onChange={(event) => onToggle(code, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
