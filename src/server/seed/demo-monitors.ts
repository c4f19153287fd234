import type { ResourceClassification } from '../../shared/constants/enums';
import type { ThemeName } from '../../shared/constants/themes';
import type { Practice } from './rows';

/**
 * The three demonstration monitors: a municipality, a state government and a state agency.
 * Names are fictional so that nobody mistakes the figures for a real government's.
 */
export interface DemoMonitor {
  key: string;
  name: string;
  shortName: string;
  code: string;
  slug: string;
  theme: ThemeName;
  welcomeTitle: string;
  title: string;
  description: string;
  address: string;
  schedule: string;
  additionalInformation: string;
  units: readonly string[];
  purchasingUnits: readonly string[];
  worksUnit: string;
  contracts: number;
  suppliers: number;
  amountScale: number;
  /** How the body reports and awards: the demo monitors score differently on the index. */
  practice?: Practice;
}

export const DEMO_ADMINISTRATION_PERIODS = ['2018-2021', '2021-2024', '2024-2027'] as const;
export const DEMO_DEFAULT_PERIOD = '2024-2027';
/** The demonstration data ends with this quarter (its dates never pass 30/09/2026). */
export const DEMO_LAST_QUARTER = { quarter: 3, year: 2026 } as const;
export const DEMO_SEED = 20_261_122;

const SCHEDULE = 'Lunes a viernes de 9:30 a 14:00 y de 16:00 a 18:00';
const DEMO_NOTE =
  'Este monitor contiene datos de demostración generados automáticamente; no corresponden a contratos reales.';

export const DEMO_MONITORS: readonly DemoMonitor[] = [
  {
    key: 'municipio',
    name: 'Municipio de Santa Lucía del Valle',
    shortName: 'SLV',
    code: 'SLV',
    slug: 'santa-lucia-del-valle',
    theme: 'default',
    welcomeTitle: 'Bienvenido a',
    title: 'Monitor Santa Lucía',
    description:
      'Aquí podrás consultar los procedimientos de contratación pública del Municipio de Santa Lucía del Valle: compras, arrendamientos, servicios y obra pública.',
    address: 'Av. Independencia 100, Zona Centro, Santa Lucía del Valle',
    schedule: SCHEDULE,
    additionalInformation: DEMO_NOTE,
    units: [
      'Presidencia Municipal',
      'Secretaría del Ayuntamiento',
      'Tesorería Municipal',
      'Dirección de Obras Públicas',
      'Dirección de Servicios Públicos Municipales',
      'Dirección de Seguridad Pública',
      'Dirección de Desarrollo Social',
      'Dirección de Desarrollo Urbano y Ecología',
      'Dirección de Administración',
      'Dirección de Adquisiciones',
      'Oficialía Mayor',
      'Dirección de Educación',
      'Dirección de Cultura',
      'Instituto Municipal de las Mujeres',
      'Instituto Municipal del Deporte',
      'DIF Municipal',
      'Dirección de Salud Municipal',
      'Dirección de Protección Civil',
      'Dirección de Comunicación Social',
      'Contraloría Municipal',
      'Dirección de Tecnologías de la Información',
      'Dirección de Mantenimiento Urbano',
      'Dirección de Alumbrado Público',
      'Dirección de Parques y Jardines',
      'Dirección de Vialidad y Tránsito',
    ],
    purchasingUnits: ['Dirección de Adquisiciones', 'Oficialía Mayor', 'Dirección de Administración'],
    worksUnit: 'Dirección de Obras Públicas',
    contracts: 5_000,
    suppliers: 350,
    amountScale: 1,
  },
  {
    key: 'estado',
    name: 'Gobierno del Estado de Nueva Vizcaya',
    shortName: 'NVIZ',
    code: 'GENV',
    slug: 'gobierno-nueva-vizcaya',
    theme: 'blueDark',
    welcomeTitle: 'Bienvenido a',
    title: 'Monitor Nueva Vizcaya',
    description:
      'Consulta cómo gasta el Gobierno del Estado de Nueva Vizcaya: licitaciones públicas, invitaciones y adjudicaciones directas de sus dependencias.',
    address: 'Palacio de Gobierno, Plaza Hidalgo s/n, Ciudad de Nueva Vizcaya',
    schedule: SCHEDULE,
    additionalInformation: DEMO_NOTE,
    units: [
      'Secretaría General de Gobierno',
      'Secretaría de Hacienda',
      'Secretaría de Salud',
      'Secretaría de Educación y Deporte',
      'Secretaría de Obras Públicas',
      'Secretaría de Desarrollo Social',
      'Secretaría de Seguridad Pública',
      'Secretaría de Desarrollo Económico',
      'Secretaría de Desarrollo Rural',
      'Secretaría de Cultura',
      'Secretaría de Innovación y Desarrollo Urbano',
      'Secretaría de la Función Pública',
      'Fiscalía General del Estado',
      'Coordinación de Comunicación Social',
      'Dirección de Adquisiciones y Servicios',
      'Oficialía Mayor de Gobierno',
      'Instituto Estatal de Pensiones',
      'Instituto de la Vivienda',
      'Servicios de Salud del Estado',
      'Instituto de Infraestructura Física Educativa',
      'Junta Estatal de Caminos',
      'Instituto Estatal Electoral',
      'Consejería Jurídica',
      'Coordinación de Protección Civil',
      'Secretaría del Trabajo y Previsión Social',
    ],
    purchasingUnits: [
      'Dirección de Adquisiciones y Servicios',
      'Oficialía Mayor de Gobierno',
      'Secretaría de Hacienda',
    ],
    worksUnit: 'Secretaría de Obras Públicas',
    contracts: 5_000,
    suppliers: 300,
    amountScale: 3,
    // A state government that publishes nearly everything on time and spreads its spending: BAJO.
    practice: {
      withoutFolio: 0.005,
      contractLink: 0.99,
      announcement: { competitive: 0.99, noBid: 0.9 },
      judgment: 0.99,
      overLimit: 0.005,
      reportingDays: [5, 26],
      supplierSkew: 0,
      procedureMix: { NO_BID: 25, INVITATION: 25, PUBLIC: 50 },
      amountSpread: 0.15,
    },
  },
  {
    key: 'agencia',
    name: 'Comisión Estatal del Agua de Nueva Vizcaya',
    shortName: 'CEANV',
    code: 'CEA',
    slug: 'comision-agua-nueva-vizcaya',
    theme: 'purple',
    welcomeTitle: 'Bienvenido a',
    title: 'Monitor del Agua',
    description:
      'Contratos de la Comisión Estatal del Agua: obras hidráulicas, equipos de bombeo, químicos para potabilización y servicios.',
    address: 'Calle Río Conchos 2500, Col. Las Granjas, Ciudad de Nueva Vizcaya',
    schedule: SCHEDULE,
    additionalInformation: DEMO_NOTE,
    units: [
      'Dirección General',
      'Dirección de Operación',
      'Dirección de Infraestructura Hidráulica',
      'Dirección de Administración y Finanzas',
      'Departamento de Recursos Materiales',
      'Departamento de Mantenimiento',
      'Departamento de Calidad del Agua',
      'Unidad de Transparencia',
      'Departamento Jurídico',
      'Departamento de Informática',
    ],
    purchasingUnits: ['Departamento de Recursos Materiales', 'Dirección de Administración y Finanzas'],
    worksUnit: 'Dirección de Infraestructura Hidráulica',
    contracts: 2_000,
    suppliers: 150,
    amountScale: 1.5,
    // An agency that reports late, links few documents and buys from a handful of suppliers: ALTO.
    practice: {
      withoutFolio: 0.3,
      contractLink: 0.45,
      announcement: { competitive: 0.5, noBid: 0.02 },
      judgment: 0.35,
      overLimit: 0.22,
      reportingDays: [20, 75],
      supplierSkew: 1.6,
      procedureMix: { NO_BID: 85, INVITATION: 10, PUBLIC: 5 },
      amountSpread: 1.2,
    },
  },
];

export const DEMO_RESOURCES: readonly {
  classification: ResourceClassification;
  title: string;
  url: string;
}[] = [
  {
    classification: 'ARTICLE',
    title: '¿Qué es una licitación pública y por qué importa?',
    url: 'https://example.org/articulos/que-es-una-licitacion-publica',
  },
  {
    classification: 'ARTICLE',
    title: 'Cómo leer un contrato de obra pública',
    url: 'https://example.org/articulos/como-leer-un-contrato',
  },
  {
    classification: 'LEGAL_FRAMEWORK',
    title: 'Ley de Adquisiciones, Arrendamientos y Servicios del Sector Público',
    url: 'https://www.diputados.gob.mx/LeyesBiblio/pdf/LAASSP.pdf',
  },
  {
    classification: 'LEGAL_FRAMEWORK',
    title: 'Ley de Obras Públicas y Servicios Relacionados con las Mismas',
    url: 'https://www.diputados.gob.mx/LeyesBiblio/pdf/LOPSRM.pdf',
  },
  {
    classification: 'NOTES',
    title: 'Nota metodológica: de dónde salen estos datos de demostración',
    url: 'https://example.org/notas/datos-de-demostracion',
  },
  {
    classification: 'NOTES',
    title: 'Nota: las adjudicaciones directas que exceden el límite legal',
    url: 'https://example.org/notas/limites-de-adjudicacion-directa',
  },
  {
    classification: 'WEBSITE',
    title: 'Plataforma Nacional de Transparencia',
    url: 'https://www.plataformadetransparencia.org.mx/',
  },
  {
    classification: 'WEBSITE',
    title: 'Open Contracting Partnership',
    url: 'https://www.open-contracting.org/es/',
  },
];
