import { DEFAULT_TEMPLATE } from './constants.ts';

/*
 * The ten templates' ids and names, apart from CvData: the template registry and the shared
 * viewer need them on first load, and importing cv.ts would bring every section's schema
 * (and zod) into public pages' JavaScript.
 */

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
