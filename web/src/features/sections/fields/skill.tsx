import { SECTIONS } from '@vitae/core/sections/index';
import { SKILL_PROFICIENCY_LABELS } from '@vitae/core/sections/skill';
import { Rating, Row, Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';
import { EntryText, Level } from '../summary-parts.tsx';
import type { Entry } from '../api.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['skill'].limits;

function SkillFields({ form }: FieldsProps) {
  return (
    <Row>
      <Text form={form} name="skill" label="Skill" required maxLength={max.skill} />
      <Rating
        form={form}
        name="proficiency"
        label="Proficiency"
        labels={SKILL_PROFICIENCY_LABELS}
      />
    </Row>
  );
}

function SkillSummary({ entry }: { entry: Entry }) {
  const e = entry as Entry<'skill'>;
  return (
    <EntryText
      title={e.skill}
      meta={
        <Level label="Level" value={e.proficiency} text={SKILL_PROFICIENCY_LABELS[e.proficiency]} />
      }
    />
  );
}

export const skillUi: SectionUi = {
  key: 'skill',
  noun: 'skill',
  deleteError: 'Failed to delete skill. Please try again.',
  Fields: SkillFields,
  Summary: SkillSummary,
  entryName: (e) => String((e as Entry<'skill'>).skill),
};
