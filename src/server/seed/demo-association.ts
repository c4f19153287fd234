import type { AssociationTextsValues } from '../modules/about/about.repository';

/**
 * The fictional association of the demonstration install (About page, sign-in page), so a first
 * start shows plausible texts instead of 'Por definir...'. Like the monitors, it is not a real one.
 */
export const DEMO_ASSOCIATION: AssociationTextsValues = {
  name: 'Observatorio Ciudadano del Valle, A.C.',
  address: 'Calle Hidalgo 125, Col. Centro, C.P. 58000, Santa Lucía del Valle',
  email: 'contacto@observatorio-del-valle.example',
  website: 'https://observatorio-del-valle.example',
  about:
    'Somos una asociación civil apartidista formada en 2016 por periodistas, contadoras, abogados y ' +
    'vecinos que querían saber en qué se gasta el dinero público de su región.\n\n' +
    'Reunimos los contratos que publican los gobiernos, los ordenamos y los explicamos con datos ' +
    'abiertos para que cualquier persona pueda revisarlos, compararlos y preguntar por ellos.',
  mission:
    'Que cada peso público contratado pueda rastrearse hasta quien lo recibió, con información clara, ' +
    'verificable y al alcance de cualquier persona.',
  vision:
    'Gobiernos que compran de forma abierta, competida y verificable, y una ciudadanía que vigila ' +
    'sus contrataciones como parte de la vida diaria.',
  values:
    'Independencia: no recibimos fondos de los gobiernos que observamos.\n\n' +
    'Rigor: cada cifra que publicamos puede comprobarse en su fuente.\n\n' +
    'Apertura: nuestros datos y métodos son públicos y reutilizables.',
  directiveCouncil: [
    { name: 'Mariana Robles Ortega', role: 'Presidenta' },
    { name: 'Joaquín Esquivel Luna', role: 'Secretario' },
    { name: 'Lucía Fernández Paz', role: 'Tesorera' },
  ],
  consultiveCouncil: [
    { name: 'Dra. Elena Cisneros Vidal', role: 'Consejera, especialista en finanzas públicas' },
    { name: 'Mtro. Raúl Ibarra Soto', role: 'Consejero, especialista en derecho administrativo' },
  ],
};
