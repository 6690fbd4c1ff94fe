/**
 * CvData: the one shape every CV template receives (spec section 3, "CV data given to
 * templates"), and buildCvData() that maps stored section lists to it.
 */
import { DEFAULT_TEMPLATE } from './constants.ts';
import { languageLabel, normalizeRating, skillLabel } from './ratings.ts';

export const CV_TEMPLATES = [
  { id: 'template01', name: 'Modern' },
  { id: 'template02', name: 'Clean' },
  { id: 'template03', name: 'Creative' },
  { id: 'template04', name: 'Dark' },
  { id: 'template05', name: 'Tech' },
  { id: 'template06', name: 'Newspaper' },
  { id: 'template07', name: 'Finance' },
  { id: 'template08', name: 'Menu' },
  { id: 'template09', name: 'Industrial' },
  { id: 'template10', name: 'Agriculture' },
] as const;

export type TemplateId = (typeof CV_TEMPLATES)[number]['id'];
export const TEMPLATE_IDS = CV_TEMPLATES.map((t) => t.id) as readonly TemplateId[];

export function isTemplateId(value: unknown): value is TemplateId {
  return typeof value === 'string' && (TEMPLATE_IDS as readonly string[]).includes(value);
}

/** Unknown or missing template values fall back to template01. */
export function resolveTemplateId(value: unknown): TemplateId {
  return isTemplateId(value) ? value : (DEFAULT_TEMPLATE as TemplateId);
}

export interface CvPersonalInfo {
  fullName: string;
  firstName: string;
  lastName: string;
  title: string;
  dateOfBirth: string;
  idNumber: string;
  gender: string;
  saCitizen: boolean | null;
  ppNumber: string;
  nationality: string;
  driversLicense: boolean | null;
  licenseCode: string;
}

export interface CvContactInfo {
  phone: string;
  email: string;
  unit: string;
  complex: string;
  address: string;
  suburb: string;
  city: string;
  province: string;
  country: string;
  postalCode: string;
  linkedin: string;
  website: string;
}

export interface CvPersonalSummary {
  summary: string;
}

export interface CvExperience {
  _id: string;
  title: string;
  company: string;
  description: string;
  startDate: string;
  endDate: string;
}

export interface CvEmployment {
  _id: string;
  company: string;
  position: string;
  startDate: string;
  endDate: string;
  current: boolean;
  description: string;
}

export interface CvTertiaryEducation {
  _id: string;
  instituteName: string;
  certificationType: string;
  startDate: string;
  endDate: string;
  description: string;
  additionalInfo: string;
}

export interface CvSubject {
  subject: string;
  key: string;
}

export interface CvSecondaryEducation {
  _id: string;
  schoolName: string;
  startDate: string;
  endDate: string;
  subjects: CvSubject[];
  additionalInfo: string;
}

export interface CvSkill {
  _id: string;
  skill: string;
  /** 1 to 5, or null when not rated. */
  level: number | null;
  label: string;
}

export interface CvLanguage {
  _id: string;
  languageName: string;
  read: number | null;
  write: number | null;
  speak: number | null;
  /** A label from the average rating ("Full professional"). */
  proficiency: string;
}

export interface CvReference {
  _id: string;
  name: string;
  company: string;
  position: string;
  phone: string;
  email: string;
}

export interface CvInterest {
  _id: string;
  interest: string;
}

export interface CvAttribute {
  _id: string;
  attribute: string;
}

export interface CvFirstImpression {
  _id: string;
  videoUrl: string;
}

export interface CvCertificate {
  _id: string;
  title: string;
  pdfUrl: string;
  photoUrl: string;
}

export interface CvData {
  personalInfo: CvPersonalInfo | null;
  contactInfo: CvContactInfo | null;
  personalSummary: CvPersonalSummary | null;
  experiences: CvExperience[];
  employHistorys: CvEmployment[];
  tertEdus: CvTertiaryEducation[];
  secondEdu: CvSecondaryEducation[];
  skills: CvSkill[];
  languages: CvLanguage[];
  references: CvReference[];
  interests: CvInterest[];
  attributes: CvAttribute[];
  assignedPhotoUrl: string | null;
  firstImpression: CvFirstImpression | null;
  certificates: CvCertificate[];
}

/**
 * The stored sections as the section endpoints return them. Each value may be a list or a
 * single record; keys may also carry the shared viewer's leading underscore (`_skill`).
 */
export interface CvSections {
  personalInfo?: unknown;
  contactInfo?: unknown;
  personalSummary?: unknown;
  experience?: unknown;
  employmentHistory?: unknown;
  tertiaryEducation?: unknown;
  secondaryEducation?: unknown;
  skill?: unknown;
  language?: unknown;
  reference?: unknown;
  interest?: unknown;
  attribute?: unknown;
  photo?: unknown;
  firstImpression?: unknown;
  certificate?: unknown;
  /** An explicit assigned photo URL wins over the photo list ("noneAssigned" means none). */
  assignedPhotoUrl?: unknown;
}

/** Alternative key names a section may arrive under (builder tab keys, shared viewer keys). */
const SECTION_ALIASES: Record<keyof CvSections, string[]> = {
  personalInfo: ['personalInfo'],
  contactInfo: ['contactInfo'],
  personalSummary: ['personalSummary'],
  experience: ['experience', 'experiences'],
  employmentHistory: ['employmentHistory', 'employHistory', 'employHistorys'],
  tertiaryEducation: ['tertiaryEducation', 'tertEdu', 'tertEdus'],
  secondaryEducation: ['secondaryEducation', 'secondEdu', 'education'],
  skill: ['skill', 'skills'],
  language: ['language', 'languages'],
  reference: ['reference', 'references'],
  interest: ['interest', 'interests'],
  attribute: ['attribute', 'attributes'],
  photo: ['photo', 'photos'],
  firstImpression: ['firstImpression'],
  certificate: ['certificate', 'certificates'],
  assignedPhotoUrl: ['assignedPhotoUrl'],
};

type Rec = Record<string, unknown>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pick(source: Rec, key: keyof CvSections): unknown {
  for (const name of SECTION_ALIASES[key]) {
    if (source[name] !== undefined) return source[name];
    if (source[`_${name}`] !== undefined) return source[`_${name}`];
  }
  return undefined;
}

function list(value: unknown): Rec[] {
  if (Array.isArray(value)) return value.filter(isRecord);
  return isRecord(value) ? [value] : [];
}

/** The first non-empty text among the given fields. */
function text(record: Rec, ...fields: string[]): string {
  for (const field of fields) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return '';
}

function bool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 'true' || value === 'yes' || value === 'Yes') return true;
  if (value === 0 || value === 'false' || value === 'no' || value === 'No') return false;
  return null;
}

function id(record: Rec, index: number): string {
  return text(record, '_id', 'id') || `entry-${index}`;
}

/** Derived fields that do not make an entry worth showing on their own. */
const DERIVED = new Set(['_id', 'label', 'proficiency']);

function hasText(record: object): boolean {
  return Object.entries(record).some(
    ([key, value]) => !DERIVED.has(key) && typeof value === 'string' && value.trim() !== '',
  );
}

function personalInfoOf(r: Rec): CvPersonalInfo {
  const firstName = text(r, 'firstName');
  const lastName = text(r, 'lastName');
  return {
    fullName: text(r, 'fullName', 'name') || [firstName, lastName].filter(Boolean).join(' '),
    firstName,
    lastName,
    title: text(r, 'title'),
    dateOfBirth: text(r, 'dateOfBirth'),
    idNumber: text(r, 'idNumber'),
    gender: text(r, 'gender'),
    saCitizen: bool(r.saCitizen),
    ppNumber: text(r, 'ppNumber'),
    nationality: text(r, 'nationality'),
    driversLicense: bool(r.driversLicense),
    licenseCode: text(r, 'licenseCode'),
  };
}

function contactInfoOf(r: Rec): CvContactInfo {
  return {
    phone: text(r, 'phone'),
    email: text(r, 'email'),
    unit: text(r, 'unit'),
    complex: text(r, 'complex'),
    address: text(r, 'address'),
    suburb: text(r, 'suburb'),
    city: text(r, 'city'),
    province: text(r, 'province'),
    country: text(r, 'country'),
    postalCode: text(r, 'postalCode'),
    linkedin: text(r, 'linkedin', 'linkedIn'),
    website: text(r, 'website'),
  };
}

function experienceOf(r: Rec, i: number): CvExperience {
  return {
    _id: id(r, i),
    title: text(r, 'title', 'position'),
    company: text(r, 'company'),
    description: text(r, 'description'),
    startDate: text(r, 'startDate', 'startYear'),
    endDate: text(r, 'endDate', 'endYear'),
  };
}

function employmentOf(r: Rec, i: number): CvEmployment {
  return {
    _id: id(r, i),
    company: text(r, 'company'),
    position: text(r, 'position', 'title'),
    startDate: text(r, 'startDate', 'startYear'),
    endDate: text(r, 'endDate', 'endYear'),
    current: bool(r.current) === true,
    description: text(r, 'description'),
  };
}

function tertiaryOf(r: Rec, i: number): CvTertiaryEducation {
  return {
    _id: id(r, i),
    instituteName: text(r, 'instituteName', 'institution'),
    certificationType: text(r, 'certificationType', 'qualification'),
    startDate: text(r, 'startDate', 'startYear'),
    endDate: text(r, 'endDate', 'endYear'),
    description: text(r, 'description'),
    additionalInfo: text(r, 'additionalInfo'),
  };
}

/** Subjects arrive as objects `{subject, key}`, plain strings, or comma-separated text. */
function subjectsOf(value: unknown): CvSubject[] {
  const raw = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return raw
    .map((item, index) => {
      const subject = isRecord(item) ? text(item, 'subject', 'name') : String(item ?? '').trim();
      const key = isRecord(item) ? text(item, 'key', '_id') : '';
      return { subject, key: key || `subject-${index}` };
    })
    .filter((s) => s.subject !== '');
}

function secondaryOf(r: Rec, i: number): CvSecondaryEducation {
  return {
    _id: id(r, i),
    schoolName: text(r, 'schoolName', 'school'),
    startDate: text(r, 'startDate', 'startYear'),
    endDate: text(r, 'endDate', 'endYear'),
    subjects: subjectsOf(r.subjects),
    additionalInfo: text(r, 'additionalInfo'),
  };
}

function skillOf(r: Rec, i: number): CvSkill {
  const level = normalizeRating(r.proficiency ?? r.level);
  return { _id: id(r, i), skill: text(r, 'skill', 'name'), level, label: skillLabel(level) };
}

function languageOf(r: Rec, i: number): CvLanguage {
  const ratings = {
    read: normalizeRating(r.read),
    write: normalizeRating(r.write),
    speak: normalizeRating(r.speak),
  };
  return {
    _id: id(r, i),
    languageName: text(r, 'languageName', 'language'),
    ...ratings,
    proficiency: text(r, 'proficiency') || languageLabel(ratings),
  };
}

function referenceOf(r: Rec, i: number): CvReference {
  return {
    _id: id(r, i),
    name: text(r, 'name'),
    company: text(r, 'company'),
    position: text(r, 'position', 'title'),
    phone: text(r, 'phone'),
    email: text(r, 'email'),
  };
}

function certificateOf(r: Rec, i: number): CvCertificate {
  return {
    _id: id(r, i),
    title: text(r, 'title'),
    pdfUrl: text(r, 'pdfUrl'),
    photoUrl: text(r, 'photoUrl'),
  };
}

/** The explicit assigned URL, else the photo flagged as assigned; "noneAssigned" means none. */
function assignedPhotoOf(explicit: unknown, photos: Rec[]): string | null {
  const fromList = photos.find((p) => bool(p.assigned ?? p.isAssigned) === true);
  const url =
    typeof explicit === 'string'
      ? explicit.trim()
      : fromList
        ? text(fromList, 'photoUrl', 'url')
        : '';
  return url && url !== 'noneAssigned' ? url : null;
}

function mapList<T extends object>(value: unknown, map: (r: Rec, i: number) => T): T[] {
  return list(value)
    .map(map)
    .filter((entry) => hasText(entry));
}

/** Maps stored section lists (spec section 3 field names, or their alternatives) to CvData. */
export function buildCvData(sections: CvSections | Record<string, unknown>): CvData {
  const source = sections as Rec;
  const personal = list(pick(source, 'personalInfo'))[0];
  const contact = list(pick(source, 'contactInfo'))[0];
  const summaryRecord = list(pick(source, 'personalSummary'))[0];
  const rawSummary = pick(source, 'personalSummary');
  const summary =
    typeof rawSummary === 'string'
      ? rawSummary.trim()
      : summaryRecord
        ? text(summaryRecord, 'summary', 'content')
        : '';
  const personalInfo = personal ? personalInfoOf(personal) : null;
  const contactInfo = contact ? contactInfoOf(contact) : null;
  const video = list(pick(source, 'firstImpression')).find((v) => text(v, 'videoUrl'));
  return {
    personalInfo: personalInfo && hasText(personalInfo) ? personalInfo : null,
    contactInfo: contactInfo && hasText(contactInfo) ? contactInfo : null,
    personalSummary: summary ? { summary } : null,
    experiences: mapList(pick(source, 'experience'), experienceOf),
    employHistorys: mapList(pick(source, 'employmentHistory'), employmentOf),
    tertEdus: mapList(pick(source, 'tertiaryEducation'), tertiaryOf),
    secondEdu: mapList(pick(source, 'secondaryEducation'), secondaryOf),
    skills: mapList(pick(source, 'skill'), skillOf),
    languages: mapList(pick(source, 'language'), languageOf),
    references: mapList(pick(source, 'reference'), referenceOf),
    interests: mapList(pick(source, 'interest'), (r, i) => ({
      _id: id(r, i),
      interest: text(r, 'interest', 'name'),
    })),
    attributes: mapList(pick(source, 'attribute'), (r, i) => ({
      _id: id(r, i),
      attribute: text(r, 'attribute', 'name'),
    })),
    assignedPhotoUrl: assignedPhotoOf(
      pick(source, 'assignedPhotoUrl'),
      list(pick(source, 'photo')),
    ),
    firstImpression: video ? { _id: id(video, 0), videoUrl: text(video, 'videoUrl') } : null,
    certificates: mapList(pick(source, 'certificate'), certificateOf).filter(
      (c) => c.pdfUrl || c.photoUrl,
    ),
  };
}

/** A CV with no section filled in (a new user): the viewer then shows the sample CV. */
export function isCvEmpty(data: CvData): boolean {
  return (
    !data.personalInfo &&
    !data.contactInfo &&
    !data.personalSummary &&
    [
      data.experiences,
      data.employHistorys,
      data.tertEdus,
      data.secondEdu,
      data.skills,
      data.languages,
      data.references,
      data.interests,
      data.attributes,
    ].every((l) => l.length === 0)
  );
}

/** The CV owner's display name: personal info's full name, else first + last name. */
export function cvFullName(data: CvData): string {
  return data.personalInfo?.fullName ?? '';
}

/** Contact address lines in the spec's order: unit, complex, address, suburb, city, province, postal code, country. */
export function addressLine(contact: CvContactInfo | null): string {
  if (!contact) return '';
  return [
    contact.unit,
    contact.complex,
    contact.address,
    contact.suburb,
    contact.city,
    contact.province,
    contact.postalCode,
    contact.country,
  ]
    .filter(Boolean)
    .join(', ');
}

export const EMPTY_CV: CvData = buildCvData({});
