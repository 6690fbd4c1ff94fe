import { z } from 'zod';
import { PUBLIC_LINK_MESSAGES } from './public-link.ts';

/** PUT /api/curriculum-vitae/versions/:id/public-link: on or off, and its options. */
export const publicLinkSettingsSchema = z.strictObject(
  {
    enabled: z.boolean({ error: PUBLIC_LINK_MESSAGES.settings }),
    indexable: z.boolean({ error: PUBLIC_LINK_MESSAGES.settings }).optional(),
    includePhoto: z.boolean({ error: PUBLIC_LINK_MESSAGES.settings }).optional(),
  },
  { error: PUBLIC_LINK_MESSAGES.settings },
);
export type PublicLinkSettings = z.infer<typeof publicLinkSettingsSchema>;
