import { Rich } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';

/**
 * What the secondary and tertiary education sections share: they show as one Education
 * section in some templates, delete with one message, and end their form the same way.
 */
export function educationUi(
  ui: Omit<SectionUi, 'layoutNote' | 'saveError' | 'deleteError'>,
): SectionUi {
  return {
    layoutNote: 'Templates 09, 10 and Ink-friendly show both educations in one Education section.',
    saveError: `Failed to save ${ui.noun}. Please try again.`,
    deleteError: 'Failed to delete education entry. Please try again.',
    ...ui,
  };
}

/** The "Additional information" rich text both education forms end with. */
export function AdditionalInfo({ form, max }: FieldsProps & { max: number }) {
  return <Rich form={form} name="additionalInfo" label="Additional information" max={max} />;
}
