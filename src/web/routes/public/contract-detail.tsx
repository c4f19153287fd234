import { Anchor, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext, useParams } from 'react-router';
import {
  ADMINISTRATIVE_UNIT_TYPE_LABELS,
  CONTRACT_CATEGORY_LABELS,
  CONTRACT_TYPE_LABELS,
} from '../../../shared/constants/enums';
import { formatDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import type { ContractDetail } from '../../../shared/schemas/contracts';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { BackLink } from '../../components/back-link';
import { ErrorPage } from '../../components/error-page';
import { LastUpdate } from '../../components/last-update';
import { LoadError } from '../../components/load-error';
import { ShareButton } from '../../components/share-button';
import { useContract } from '../../features/contracts/api/contracts';
import {
  EmptyProcedureBadge,
  ProcedureStateBadge,
  ProcedureTypeBadge,
} from '../../features/contracts/components/contract-badges';
import { ContractDocuments } from '../../features/contracts/components/contract-documents';
import { ContractRelations } from '../../features/contracts/components/contract-relations';
import { ContractFlags } from '../../features/red-flags/components/contract-flags';
import { msg } from '../../i18n/msg';
import { cannotShow, failureToWarn } from '../../lib/load-state';
import { isNotFound } from '../../lib/not-found';
import { toast } from '../../lib/notifications';

const CONTRACT_UNAVAILABLE = msg('La información de contratos no se encuentra disponible en este momento.');

/** /contracts/:id: one contract, its documents and every public field. */
export function ContractDetailPage() {
  const { t } = useTranslation();
  const organization = useOutletContext<PublicOrganization>();
  const { id = '' } = useParams();
  const result = useContract(organization._id, id);
  const { data, isPending, isError, error, refetch } = result;
  const contract = data?.data;
  useDocumentTitle(`${contract?.servicesDescription ?? t('Contrato')} · Vigía`);

  const notFound = isError && isNotFound(error);
  const warn = failureToWarn(result) && !notFound;
  useEffect(() => {
    if (warn) toast('danger', CONTRACT_UNAVAILABLE, { detail: error?.message });
  }, [warn, error]);

  if (notFound) {
    return (
      <ErrorPage code="404" title="PÁGINA NO ENCONTRADA" message={msg('El contrato solicitado no existe.')} />
    );
  }
  if (cannotShow(result)) return <LoadError message={CONTRACT_UNAVAILABLE} onRetry={() => void refetch()} />;

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <BackLink to="/contracts" label="Regresar a contratos" />
          <ShareButton organizationId={organization._id} />
        </Group>
        {isPending || !contract ? (
          <Skeleton height={260} radius="md" />
        ) : (
          <>
            <div>
              <Group gap="xs" mb="xs">
                <ProcedureTypeBadge value={contract.procedureType} />
                <ProcedureStateBadge value={contract.procedureState} />
                <EmptyProcedureBadge value={contract.isEmpty} />
              </Group>
              <Title order={1} fz={{ base: 22, sm: 30 }}>
                {contract.servicesDescription || t('Contrato sin descripción')}
              </Title>
              <Summary contract={contract} />
            </div>
            <ContractDocuments contract={contract} />
            <ContractFlags contract={contract} />
            <Details contract={contract} />
            <ContractRelations contract={contract} />
            <Stack gap={2}>
              <Text fz="sm" c="dimmed">
                {t('Fuente de los datos:')}{' '}
                {organization.dataSource || t('Plataforma Nacional de Transparencia')}
              </Text>
              <LastUpdate value={data.lastUpdate} />
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}

/** The summary sentence (spec): supplier, total-or-maximum amount and date. */
function Summary({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation();
  if (!contract.supplier && contract.totalOrMaxAmount === null) return null;
  return (
    <Text fz="lg" mt="sm">
      {t('Contrato celebrado con {{supplier}} por {{amount}} el {{date}}.', {
        supplier: contract.supplier?.name ?? t('un proveedor no registrado'),
        amount: formatMoney(contract.totalOrMaxAmount),
        date: formatDate(contract.contractDate) || t('fecha no registrada'),
      })}
    </Text>
  );
}

function Details({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [msg('ID del proceso'), contract.contractId],
    [msg('Número de contrato'), contract.contractNumber],
    [msg('Descripción de la obra, bien o servicio'), contract.servicesDescription],
    [
      msg('Monto total o máximo'),
      contract.totalOrMaxAmount === null ? null : formatMoney(contract.totalOrMaxAmount),
    ],
    ...(contract.contractType === 'OPEN'
      ? ([
          [msg('Monto mínimo'), formatMoney(contract.minAmount)],
          [msg('Monto máximo'), formatMoney(contract.maxAmount)],
        ] as [string, ReactNode][])
      : []),
    [msg('Fecha del contrato'), formatDate(contract.contractDate)],
    [msg('Tipo de procedimiento'), <ProcedureTypeBadge key="type" value={contract.procedureType} />],
    [msg('Estado del procedimiento'), <ProcedureStateBadge key="state" value={contract.procedureState} />],
    [
      msg('Proveedor'),
      contract.supplier ? (
        <Anchor key="supplier" component={Link} to={`/suppliers/${contract.supplier._id}`}>
          {contract.supplier.name}
        </Anchor>
      ) : null,
    ],
    [msg('Unidad administrativa solicitante'), contract.applicantAdministrativeUnit?.name],
    [msg('Unidad administrativa convocante'), contract.organizerAdministrativeUnit?.name],
    [
      msg('Tipo de unidad administrativa'),
      contract.administrativeUnitType
        ? t(ADMINISTRATIVE_UNIT_TYPE_LABELS[contract.administrativeUnitType])
        : null,
    ],
    [msg('Materia'), contract.category ? t(CONTRACT_CATEGORY_LABELS[contract.category]) : null],
    [msg('Tipo de contrato'), contract.contractType ? t(CONTRACT_TYPE_LABELS[contract.contractType]) : null],
    [msg('Administración'), contract.administrationPeriod],
    [msg('Ejercicio'), contract.fiscalYear],
    [msg('Trimestre'), contract.period],
    [msg('Partida'), contract.partida],
    [msg('Fecha de la convocatoria'), formatDate(contract.announcementDate)],
    [msg('Fecha de la junta de aclaraciones'), formatDate(contract.clarificationMeetingDate)],
    ...(contract.procedureType === 'NO_BID'
      ? ([
          [
            msg('Excede el límite de la adjudicación directa'),
            contract.limitExceeded === null ? null : contract.limitExceeded ? t('Sí') : t('No'),
          ],
          [
            msg('Monto que excede el límite'),
            contract.limitExceeded ? formatMoney(contract.amountExceeded) : null,
          ],
        ] as [string, ReactNode][])
      : []),
    [msg('Notas'), contract.notes],
    [msg('Área responsable de la información'), contract.areaInCharge],
    ...(contract.executingArea
      ? ([[msg('Área responsable de la ejecución'), contract.executingArea]] as [string, ReactNode][])
      : []),
    [msg('Fecha de actualización'), formatDate(contract.updateDate)],
    [msg('Fecha de obtención de los datos'), formatDate(contract.informationDate)],
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="sm">
        {t('Detalle del contrato')}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={700}>
              {t(label)}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value === null || value === undefined || value === '' ? '—' : value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
