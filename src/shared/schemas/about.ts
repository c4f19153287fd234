import { z } from 'zod';
import { successEnvelope } from './common';

/** Shown wherever the installation has not configured a text. */
export const TO_BE_DEFINED = 'Por definir...';

export const CouncilMemberSchema = z.object({ name: z.string(), role: z.string() });

/**
 * The civil association that runs this installation, for the About and Privacy pages. It comes
 * from the server's configuration (ABOUT_FILE); every text defaults to 'Por definir...' and the
 * council lists to empty.
 */
export const AboutSchema = z.object({
  association: z.object({
    name: z.string(),
    address: z.string(),
    email: z.string(),
    website: z.string(),
  }),
  about: z.string(),
  mission: z.string(),
  vision: z.string(),
  values: z.string(),
  directiveCouncil: z.array(CouncilMemberSchema),
  consultiveCouncil: z.array(CouncilMemberSchema),
});
export type About = z.infer<typeof AboutSchema>;

export const AboutResponseSchema = successEnvelope(AboutSchema);
export type AboutResponse = z.infer<typeof AboutResponseSchema>;
