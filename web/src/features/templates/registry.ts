import type { ComponentType } from 'react';
import {
  CV_TEMPLATES,
  isTemplateId,
  resolveTemplateId,
  type TemplateId,
} from '@vitae/core/templates';
import { lazyWithRetry } from '../../lib/lazy-retry.ts';
import type { TemplateProps } from './template-props.ts';

type TemplateModule = Promise<{ default: ComponentType<TemplateProps> }>;

export interface TemplateEntry {
  id: TemplateId;
  name: string;
  /** Each template is its own chunk, fetched on first use. */
  load: () => TemplateModule;
}

const loaders: Record<TemplateId, () => TemplateModule> = {
  template01: () => import('./template-01-modern.tsx'),
  template02: () => import('./template-02-clean.tsx'),
  template03: () => import('./template-03-creative.tsx'),
  template04: () => import('./template-04-dark.tsx'),
  template05: () => import('./template-05-tech.tsx'),
  template06: () => import('./template-06-newspaper.tsx'),
  template07: () => import('./template-07-finance.tsx'),
  template08: () => import('./template-08-menu.tsx'),
  template09: () => import('./template-09-industrial.tsx'),
  template10: () => import('./template-10-agriculture.tsx'),
};

/** The ten templates in dropdown order. */
export const TEMPLATES: readonly TemplateEntry[] = CV_TEMPLATES.map((t) => ({
  id: t.id,
  name: t.name,
  load: loaders[t.id],
}));

/**
 * Fetches what every template is drawn with (the blocks), for a page that will draw a CV whose
 * template it does not know for sure yet: the CV's answer and these load side by side. With the
 * template it was drawn in before, that template's own chunk too; else it follows the answer.
 */
export const preloadTemplateBlocks = (likely?: string): Promise<unknown> =>
  Promise.all([
    import('./blocks/cv-body.tsx'),
    likely && isTemplateId(likely) ? loaders[likely]() : undefined,
  ]);

export const INK_FRIENDLY_ID = 'ink-friendly';
export const loadInkFriendly = (): TemplateModule => import('./ink-friendly.tsx');

/** The template for an id; unknown or missing ids fall back to template01. */
export function getTemplate(id: string | null | undefined): TemplateEntry {
  const resolved = resolveTemplateId(id);
  return TEMPLATES.find((t) => t.id === resolved)!;
}

const lazyCache = new Map<string, ComponentType<TemplateProps>>();

/** A React.lazy component for a template id or "ink-friendly", created once per id. */
export function lazyLayout(id: string | null | undefined): ComponentType<TemplateProps> {
  const key = id === INK_FRIENDLY_ID ? INK_FRIENDLY_ID : getTemplate(id).id;
  let component = lazyCache.get(key);
  if (!component) {
    component = lazyWithRetry(key === INK_FRIENDLY_ID ? loadInkFriendly : getTemplate(key).load);
    lazyCache.set(key, component);
  }
  return component;
}
