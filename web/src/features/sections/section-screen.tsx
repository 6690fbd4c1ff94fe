import { SECTIONS, type SectionKey } from '@vitae/core/sections/index';
import { ListEditor } from './list-editor.tsx';
import { SECTION_UIS } from './section-uis.ts';
import { SingleEditor } from './single-editor.tsx';

/** The editor of one section: single-record or list, as core's registry says. */
export function SectionScreen({ sectionKey }: { sectionKey: SectionKey }) {
  const ui = SECTION_UIS[sectionKey];
  return SECTIONS[sectionKey].kind === 'single' ? (
    <SingleEditor key={sectionKey} ui={ui} />
  ) : (
    <ListEditor key={sectionKey} ui={ui} />
  );
}
