import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { SectionId } from './section-fields.ts';

export type { SectionId } from './section-fields.ts';

interface CvSectionProps {
  /** The block's id; `custom` for a section the user made (issue 30), with `customId`. */
  id: SectionId | 'custom';
  customId?: string;
  title: string;
  /** The region's accessible name, when it differs from the title. */
  label?: string;
  children: ReactNode;
  className?: string;
  headingClassName?: string;
  /** Decoration before the title (an icon, a rule); hidden from assistive tech by the caller. */
  before?: ReactNode;
  after?: ReactNode;
}

/** A heading plus its content; headings carry `cv-heading` so print keeps them with the content. */
export function CvSection(props: CvSectionProps) {
  return (
    <section
      data-section={props.id}
      data-custom-section={props.customId}
      aria-label={props.label ?? props.title}
      className={cn('cv-section', props.className)}
    >
      <h2 className={cn('cv-heading', props.headingClassName)}>
        {props.before}
        <span>{props.title}</span>
        {props.after}
      </h2>
      {props.children}
    </section>
  );
}
