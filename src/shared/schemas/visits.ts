import { z } from 'zod';
import { LIMITS } from '../constants/limits';

export const RegisterVisitBodySchema = z.object({
  path: z
    .string({ message: 'La ruta es requerida.' })
    .min(1, 'La ruta es requerida.')
    .max(LIMITS.visitPath, `La ruta no puede exceder ${LIMITS.visitPath} caracteres.`)
    .regex(/^\/[^\s]*$/, 'La ruta debe comenzar con "/" y no contener espacios.'),
});
export type RegisterVisitBody = z.infer<typeof RegisterVisitBodySchema>;

/**
 * Groups a visited path into the sections the dashboard reports ("Listado de contratos",
 * "Detalle de contratos"...): the first segment plus whether a detail id follows.
 */
export function visitRouteKey(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '/';
  const segments = clean.split('/').filter(Boolean);
  const principal = segments[0];
  if (!principal) return 'home';
  if (principal === 'calculations') return 'calculations';
  return segments.length > 1 ? `${principal}:detail` : principal;
}
