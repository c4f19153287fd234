import { z } from 'zod';

/**
 * Zod's own messages (for rules without a custom message) in Spanish, the product's language.
 * Imported once by the server and by the web app before any schema is used.
 */
z.config(z.locales.es());
