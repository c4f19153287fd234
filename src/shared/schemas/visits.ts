import { z } from 'zod';
import { LIMITS } from '../constants/limits';

export const RegisterVisitBodySchema = z.object({
  path: z
    .string({ message: 'La ruta es requerida.' })
    .min(1, 'La ruta es requerida.')
    .max(LIMITS.visitPath, `La ruta no puede exceder ${LIMITS.visitPath} caracteres.`)
    .regex(/^\/[^\s\p{Cc}]*$/u, 'La ruta debe comenzar con "/" y no contener espacios.')
    .refine(
      (path) => !/^\/(admin|login|forgot-password|new-password)(\/|$)/.test(path),
      'Las visitas de la administración no se registran.',
    ),
});
export type RegisterVisitBody = z.infer<typeof RegisterVisitBodySchema>;

/** Public sections the dashboard reports visits of; those with detail pages count them apart. */
const SECTIONS = new Set([
  'select-organization',
  'suppliers',
  'contracts',
  'comparations',
  'calculations',
  'resources',
  'privacy',
  'accessibility',
  'about',
  'contact',
  'access-denied',
]);
const WITH_DETAIL = new Set(['suppliers', 'contracts', 'comparations']);

/**
 * Groups a visited path into the sections the dashboard reports ("Listado de contratos",
 * "Detalle de contratos"...). Paths outside the known sections all count as `other`, so made-up
 * paths cannot create new keys.
 */
export function visitRouteKey(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '/';
  const segments = clean.split('/').filter(Boolean);
  const principal = segments[0];
  if (!principal) return 'home';
  if (!SECTIONS.has(principal)) return 'other';
  return WITH_DETAIL.has(principal) && segments.length > 1 ? `${principal}:detail` : principal;
}
