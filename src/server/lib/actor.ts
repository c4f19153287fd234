import type { AdministratorType, Permission } from '../../shared/constants/enums';

/**
 * Who acts, as services see it: a plain value built by the access check from the signed-in
 * session (plugins/auth.ts actorOf), so services and jobs need no Fastify type and can be called
 * by a job or a script with an actor of their own.
 */
export interface Actor {
  userId: string;
  administratorType: AdministratorType;
  /** Full name, as invitations and notifications show it. */
  name: string;
  /** The session the request came with: a password change ends the others, not this one. */
  sessionId: string;
  permissions: readonly Permission[];
}
