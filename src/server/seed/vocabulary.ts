import type { ContractCategory } from '../../shared/constants/enums';

/**
 * Words the demonstration data is made of: Mexican supplier names, administrative units and
 * procurement descriptions. Supplier names are upper case without accents (Ñ allowed), as the
 * supplier catalogue requires.
 */

export const GIVEN_NAMES = [
  'MARIA GUADALUPE',
  'JOSE LUIS',
  'JUAN CARLOS',
  'ANA MARIA',
  'FRANCISCO JAVIER',
  'MARIA ELENA',
  'JESUS',
  'ALEJANDRO',
  'VERONICA',
  'MIGUEL ANGEL',
  'PATRICIA',
  'ROBERTO',
  'LAURA',
  'FERNANDO',
  'CLAUDIA',
  'RICARDO',
  'GABRIELA',
  'ARTURO',
  'ADRIANA',
  'EDUARDO',
  'SOFIA',
  'JORGE',
  'MONICA',
  'RAUL',
  'LETICIA',
  'SERGIO',
  'ROSA ISELA',
  'HECTOR',
  'BEATRIZ',
  'OSCAR',
  'ALMA DELIA',
  'MARTIN',
  'NORMA',
  'RAFAEL',
  'SILVIA',
  'ENRIQUE',
] as const;

export const SURNAMES = [
  'HERNANDEZ',
  'GARCIA',
  'MARTINEZ',
  'LOPEZ',
  'GONZALEZ',
  'RODRIGUEZ',
  'PEREZ',
  'SANCHEZ',
  'RAMIREZ',
  'CRUZ',
  'FLORES',
  'GOMEZ',
  'MORALES',
  'VAZQUEZ',
  'REYES',
  'JIMENEZ',
  'TORRES',
  'DIAZ',
  'GUTIERREZ',
  'RUIZ',
  'MENDOZA',
  'AGUILAR',
  'ORTIZ',
  'CASTILLO',
  'MORENO',
  'ROMERO',
  'ALVAREZ',
  'CHAVEZ',
  'RIVERA',
  'JUAREZ',
  'DOMINGUEZ',
  'HERRERA',
  'MEDINA',
  'CASTRO',
  'VARGAS',
  'GUZMAN',
  'VELAZQUEZ',
  'MUÑOZ',
  'ROJAS',
  'SALAZAR',
  'IBARRA',
  'NUÑEZ',
  'PEÑA',
  'CARRILLO',
  'ESPINOZA',
  'VALENZUELA',
  'OCHOA',
  'TREVIÑO',
  'ACOSTA',
  'SOTO',
] as const;

/** Company name parts, with the categories such a company usually sells. */
export const COMPANY_KINDS: readonly { prefix: string; categories: readonly ContractCategory[] }[] = [
  { prefix: 'CONSTRUCTORA', categories: ['PUBLIC_WORKS'] },
  { prefix: 'CONSTRUCCIONES Y PAVIMENTOS', categories: ['PUBLIC_WORKS'] },
  { prefix: 'EDIFICACIONES', categories: ['PUBLIC_WORKS'] },
  { prefix: 'INGENIERIA Y PROYECTOS', categories: ['PUBLIC_WORKS', 'SERVICES'] },
  { prefix: 'URBANIZADORA', categories: ['PUBLIC_WORKS'] },
  { prefix: 'SERVICIOS INTEGRALES', categories: ['SERVICES'] },
  { prefix: 'CONSULTORIA', categories: ['SERVICES'] },
  { prefix: 'LIMPIEZA Y MANTENIMIENTO', categories: ['SERVICES'] },
  { prefix: 'SEGURIDAD PRIVADA', categories: ['SERVICES'] },
  { prefix: 'COMERCIALIZADORA', categories: ['ACQUISITION'] },
  { prefix: 'DISTRIBUIDORA', categories: ['ACQUISITION'] },
  { prefix: 'PAPELERIA Y SUMINISTROS', categories: ['ACQUISITION'] },
  { prefix: 'FERRETERA', categories: ['ACQUISITION'] },
  { prefix: 'EQUIPOS MEDICOS', categories: ['ACQUISITION'] },
  { prefix: 'COMBUSTIBLES', categories: ['ACQUISITION'] },
  { prefix: 'TECNOLOGIA Y SISTEMAS', categories: ['ACQUISITION', 'SERVICES'] },
  { prefix: 'ARRENDADORA', categories: ['LEASE'] },
  { prefix: 'GRUPO', categories: ['ACQUISITION', 'SERVICES', 'LEASE'] },
];

export const COMPANY_CORES = [
  'DEL VALLE',
  'DEL NORTE',
  'DEL BAJIO',
  'DEL PACIFICO',
  'OCCIDENTAL',
  'SIERRA MADRE',
  'RIO BRAVO',
  'LAS FLORES',
  'SANTA LUCIA',
  'NUEVA VIZCAYA',
  'AZTECA',
  'TOLTECA',
  'DEL CENTRO',
  'CUMBRES',
  'LOS PINOS',
  'MONTE ALTO',
  'PEÑASCO',
  'LAS ANIMAS',
  'SAN MIGUEL',
  'EL MIRADOR',
  'ALAMEDA',
  'INTEGRA',
  'NOVA',
  'PROMEX',
  'DIMSA',
  'CORPORATIVO ARCOS',
  'HERMANOS SOTO',
  'ORTIZ Y ASOCIADOS',
  'VELMAR',
  'TERRANOVA',
] as const;

export const COMPANY_SUFFIXES = [
  'SA DE CV',
  'SA DE CV',
  'SA DE CV',
  'S DE RL DE CV',
  'SC',
  'SAPI DE CV',
] as const;

export const BUDGET_ITEMS: Readonly<Record<ContractCategory, readonly string[]>> = {
  ACQUISITION: [
    '2111',
    '2141',
    '2161',
    '2211',
    '2421',
    '2461',
    '2531',
    '2611',
    '2711',
    '2911',
    '5151',
    '5411',
  ],
  SERVICES: ['3171', '3311', '3331', '3361', '3381', '3511', '3521', '3551', '3571', '3591', '3611'],
  LEASE: ['3221', '3231', '3251', '3291'],
  PUBLIC_WORKS: ['6121', '6141', '6151', '6161', '6221', '6241'],
  EXTENSION: ['3511', '6121', '3361'],
  MODIFICATION: ['3511', '6121', '2611'],
  ADENDUM: ['3361', '3571', '6141'],
};

const ACQUISITION_ITEMS = [
  'papelería y artículos de oficina',
  'equipo de cómputo',
  'tóner y consumibles de impresión',
  'mobiliario de oficina',
  'uniformes para el personal operativo',
  'combustible para el parque vehicular',
  'medicamentos y material de curación',
  'material eléctrico',
  'luminarias LED',
  'refacciones para vehículos',
  'despensas para programas sociales',
  'material de limpieza',
  'llantas para vehículos oficiales',
  'equipo de protección personal',
  'cemento y agregados',
  'tubería de PVC y conexiones',
  'hipoclorito de sodio',
  'medidores de agua',
  'patrullas equipadas',
  'licencias de software',
] as const;

const SERVICES = [
  'mantenimiento preventivo y correctivo del parque vehicular',
  'limpieza de oficinas',
  'vigilancia de instalaciones',
  'recolección de residuos sólidos',
  'consultoría para la actualización catastral',
  'impresión de formatos oficiales',
  'difusión en medios de comunicación',
  'mantenimiento de áreas verdes',
  'fumigación de edificios públicos',
  'arrendamiento de servicios de telecomunicaciones',
  'auditoría externa de estados financieros',
  'capacitación en transparencia y rendición de cuentas',
  'mantenimiento de equipos de bombeo',
  'análisis de calidad del agua',
  'organización de eventos culturales',
  'desarrollo de sistemas informáticos',
] as const;

const LEASED = [
  'maquinaria pesada',
  'vehículos utilitarios',
  'equipo de fotocopiado',
  'inmueble para oficinas administrativas',
  'sanitarios portátiles',
  'equipo de sonido e iluminación',
  'bodega para almacén general',
] as const;

const WORKS = [
  'Pavimentación con concreto hidráulico de la calle',
  'Rehabilitación de la red de drenaje sanitario en la colonia',
  'Construcción de banquetas y guarniciones en la avenida',
  'Rehabilitación del alumbrado público en la colonia',
  'Construcción de un centro comunitario en la colonia',
  'Ampliación de la red de agua potable en la colonia',
  'Bacheo y reencarpetado asfáltico de la avenida',
  'Construcción de un parque lineal sobre la avenida',
  'Rehabilitación de la escuela primaria de la colonia',
  'Construcción de colector pluvial en la calle',
] as const;

const PLACES = [
  'Independencia',
  'Morelos',
  'Hidalgo',
  'Juárez',
  'Reforma',
  'Revolución',
  'Las Palmas',
  'Lomas del Sol',
  'Villa Juárez',
  'El Porvenir',
  'Francisco Villa',
  'Benito Juárez',
  'Aztlán',
  'Los Olivos',
  'Santa Rosa',
  'Mirador',
  'Riberas del Bravo',
  'Obrera',
  'Zaragoza',
  'Tierra Nueva',
] as const;

type Pick = <T>(items: readonly T[]) => T;

/** A realistic description of the works, goods or services of a contract of the given category. */
export function describeContract(category: ContractCategory, unitName: string, pick: Pick): string {
  switch (category) {
    case 'ACQUISITION':
      return `Adquisición de ${pick(ACQUISITION_ITEMS)} para ${withArticle(unitName)}`;
    case 'SERVICES':
      return `Servicio de ${pick(SERVICES)} para ${withArticle(unitName)}`;
    case 'LEASE':
      return `Arrendamiento de ${pick(LEASED)} para ${withArticle(unitName)}`;
    case 'PUBLIC_WORKS':
      return `${pick(WORKS)} ${pick(PLACES)}`;
    default:
      return `Servicio de ${pick(SERVICES)}`;
  }
}

/** "la Dirección de Obras Públicas", "el Instituto Municipal del Deporte", "los Servicios de Salud". */
function withArticle(unitName: string): string {
  if (/^(Servicios)\b/.test(unitName)) return `los ${unitName}`;
  if (/^(Instituto|Departamento|DIF)\b/.test(unitName)) return `el ${unitName}`;
  return `la ${unitName}`;
}

export const AMENDMENT_DESCRIPTIONS: Readonly<Record<'EXTENSION' | 'MODIFICATION' | 'ADENDUM', string>> = {
  EXTENSION: 'Ampliación en monto y plazo del contrato',
  MODIFICATION: 'Convenio modificatorio del contrato',
  ADENDUM: 'Adendum al contrato',
};

export const NOTES = [
  'Contrato plurianual.',
  'El proveedor presentó garantía de cumplimiento.',
  'Procedimiento realizado con recursos federales.',
  'Adjudicación por caso fortuito o fuerza mayor.',
  'Se declaró un solo participante en el procedimiento.',
  'Monto con impuestos incluidos.',
] as const;
