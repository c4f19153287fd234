import { z } from 'zod';
import { NOTIFICATION_STATUSES } from '../constants/enums';
import { successEnvelope } from './common';

/** Dashboard counters of the current monitor (spec: admin area, section 3, Dashboard info). */
export const DashboardInfoSchema = z.object({
  visitsCount: z.number().int().describe('Page views of the monitor'),
  contractsCount: z.number().int().nullable().describe('Only for users with the CONTRACTS permission'),
  proveedoresCount: z.number().int(),
  unidadesCount: z.number().int(),
  calculosCount: z.number().int(),
  currentDataLoad: z
    .boolean()
    .describe('A data load waits for review (only reported to users with the CONTRACTS permission)'),
});
export type DashboardInfo = z.infer<typeof DashboardInfoSchema>;
export const DashboardInfoResponseSchema = successEnvelope(DashboardInfoSchema);
export type DashboardInfoResponse = z.infer<typeof DashboardInfoResponseSchema>;

export const VISIT_PERIODS = ['MONTHS', 'QUARTER', 'YEAR'] as const;
export type VisitPeriod = (typeof VISIT_PERIODS)[number];
export const VisitsByPeriodBodySchema = z.object({
  type: z.enum(VISIT_PERIODS, { message: 'El periodo debe ser MONTHS, QUARTER o YEAR.' }).default('MONTHS'),
});

export const VisitsChartSchema = z.object({
  labels: z.array(z.string()),
  datasets: z.array(z.object({ name: z.string(), data: z.array(z.number().int()) })),
});
export type VisitsChart = z.infer<typeof VisitsChartSchema>;
export const VisitsChartResponseSchema = successEnvelope(VisitsChartSchema);
export type VisitsChartResponse = z.infer<typeof VisitsChartResponseSchema>;

export const NotificationSchema = z.object({
  _id: z.string(),
  message: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  createdAt: z.string(),
  createdBy: z.string().nullable().describe('Full name of the user whose action created it'),
  unread: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationsResponseSchema = successEnvelope(
  z.object({ newNotifications: z.boolean(), notifications: z.array(NotificationSchema) }),
);
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

/** Spanish names of the sections in the visits-per-route chart (keys from visitRouteKey). */
export const VISIT_SECTION_LABELS: Record<string, string> = {
  home: 'Inicio',
  'select-organization': 'Selección de monitor',
  suppliers: 'Listado de proveedores',
  'suppliers:detail': 'Detalle de proveedores',
  contracts: 'Listado de contratos',
  'contracts:detail': 'Detalle de contratos',
  comparations: 'Listado de comparación de tableros',
  'comparations:detail': 'Detalle de comparación de tableros',
  calculations: 'Índice de Riesgo de Corrupción',
  resources: 'Recursos',
  privacy: 'Aviso de Privacidad',
  accessibility: 'Accesibilidad',
  about: 'Acerca de',
  contact: 'Contacto',
  'access-denied': 'Acceso denegado',
  other: 'Otras páginas',
};
