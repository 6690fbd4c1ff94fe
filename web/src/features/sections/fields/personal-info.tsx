import { useEffect } from 'react';
import { SECTIONS } from '@vitae/core/sections/index';
import { useWatch } from 'react-hook-form';
import { useAuth } from '../../../lib/auth-store.ts';
import { LICENSE_CODES } from '@vitae/core/sections/personal-info';
import { SelectField } from '../../../components/ui/field.tsx';
import { Check, Row, Text, fieldError } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['personal-info'].limits;

const SA_NATIONALITY = 'South African';

/** Passport and nationality only for non-citizens; the licence code only with a licence. */
function PersonalInfoFields({ form }: FieldsProps) {
  const [saCitizen, driversLicense] = useWatch({
    control: form.control,
    name: ['saCitizen', 'driversLicense'],
  }) as [boolean, boolean];
  // A first visit starts from the account's name, not an empty field. This runs before the
  // editor fills a stored record in (a parent's effect runs after its child's), which wins.
  const accountName = useAuth().user?.fullName ?? '';
  useEffect(() => {
    if (accountName && !form.getValues('fullName') && !form.formState.isDirty) {
      form.reset({ ...form.getValues(), fullName: accountName });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form appears
  }, [accountName]);
  return (
    <>
      <Text
        form={form}
        name="fullName"
        label="Full name"
        required
        maxLength={max.fullName}
        autoComplete="name"
      />
      <Text
        form={form}
        name="headline"
        label="Headline"
        placeholder="e.g. Senior Software Engineer"
        maxLength={max.headline}
        autoComplete="organization-title"
      />
      <Row>
        <Text
          form={form}
          name="dateOfBirth"
          label="Date of birth"
          type="date"
          autoComplete="bday"
        />
        <SelectField label="Gender" error={fieldError(form, 'gender')} {...form.register('gender')}>
          <option value="">Select gender</option>
          <option value="male">Male</option>
          <option value="female">Female</option>
        </SelectField>
      </Row>
      <Text
        form={form}
        name="idNumber"
        label="ID number"
        maxLength={max.idNumber}
        inputMode="numeric"
      />
      <Check form={form} name="saCitizen" label="I am a South African citizen" />
      {!saCitizen && (
        <Row>
          <Text form={form} name="ppNumber" label="Passport number" maxLength={max.ppNumber} />
          <Text form={form} name="nationality" label="Nationality" maxLength={max.nationality} />
        </Row>
      )}
      <Check form={form} name="driversLicense" label="I have a driver's licence" />
      {driversLicense && (
        <SelectField
          label="Licence code"
          error={fieldError(form, 'licenseCode')}
          {...form.register('licenseCode')}
        >
          <option value="">Select a licence code</option>
          {LICENSE_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}

export const personalInfoUi: SectionUi = {
  layoutNote: 'Your name, headline and photo stay in the header.',
  key: 'personal-info',
  noun: 'personal information',
  saveFallback: 'Network error. Please try again.',
  savedMessage: 'Personal information saved successfully!',
  Fields: PersonalInfoFields,
  // A citizen has no passport number to keep, and their nationality is South African.
  toPayload: (v) => (v.saCitizen ? { ...v, ppNumber: '', nationality: SA_NATIONALITY } : v),
};
