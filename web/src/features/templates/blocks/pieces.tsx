import type { ReactNode } from 'react';
import type { CvData } from '@vitae/core/cv';
import { titleFromSummary } from '@vitae/core/dates';
import { visibleText } from '@vitae/core/rich-text';
import { ContactList, ContactSection, CvName, CvPhoto } from './cv-header.tsx';
import { cvOwner, cvSummaryText } from './section-blocks.tsx';
import type { HeadingTheme, TemplateTheme } from './theme.ts';

/** The header pieces a layout can place by name, drawn with the theme. */
export type PieceId = 'photo' | 'name' | 'headline' | 'contact';

type Piece = (data: CvData, theme: TemplateTheme, heading: HeadingTheme) => ReactNode;

export const PIECES: Record<PieceId, Piece> = {
  photo: (data, { photo, photoPlaceholder }) => (
    <CvPhoto
      data={data}
      className={photo}
      placeholder={photoPlaceholder !== false}
      placeholderClassName={photoPlaceholder || undefined}
    />
  ),
  name: (data, { name, nameStyle }) => <CvName data={data} className={name} style={nameStyle} />,
  headline: (data, { headline, headlineFromSummary }) => {
    const title =
      cvOwner(data).headline ||
      (headlineFromSummary ? titleFromSummary(visibleText(cvSummaryText(data))) : '');
    return title && <p className={headline}>{title}</p>;
  },
  contact: (data, { contact = {} }, heading) => {
    const { title, ...list } = contact;
    if (title === undefined) return <ContactList data={data} {...list} />;
    // A sidebar's contact section wears the area's heading, decoration first.
    const before = typeof heading.before === 'function' ? null : heading.before;
    return (
      <ContactSection
        data={data}
        title={
          <>
            {before}
            {title}
          </>
        }
        headingClassName={heading.className}
        {...list}
      />
    );
  },
};
