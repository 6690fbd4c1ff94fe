import { useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { CV_TEMPLATES, PAGE_SIZES, resolvePageSize, type PageSize } from '@vitae/core/cv';
import { formatRatio } from '@vitae/core/color';
import {
  CV_FONTS,
  DEFAULT_DESIGN,
  DENSITIES,
  TEXT_SIZES,
  isDefaultDesign,
  type CvDesign,
} from '@vitae/core/design';
import { ACCENT_PALETTE, checkAccent } from '@vitae/core/design-theme';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useSavePageSize, type CvDataWithPage, useCvData } from '../cv/api.ts';
import { SectionLoading } from '../sections/index.ts';
import { designOf, useSaveDesign } from './api.ts';
import { loadFont } from '../templates/index.ts';

const SIZE_LABELS: Record<CvDesign['size'], string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
};
const DENSITY_LABELS: Record<CvDesign['density'], string> = {
  compact: 'Compact',
  normal: 'Normal',
  roomy: 'Roomy',
};
const PAGE_LABELS: Record<PageSize, string> = { A4: 'A4', Letter: 'US Letter' };

/** The Design tab (issue 17): the CV's accent, font, text size, spacing and paper, saved on change. */
export default function DesignScreen() {
  const query = useCvData();
  const { save, status, error } = useSaveDesign();
  const savePageSize = useSavePageSize();

  // Each font's name is shown in that font: the faces load with the tab, not before.
  const [fontsReady, setFontsReady] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all(CV_FONTS.map((f) => loadFont(f.id))).then(() => live && setFontsReady(true));
    return () => {
      live = false;
    };
  }, []);

  if (query.isPending) return <SectionLoading />;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        {errorMessage(query.error, 'We could not load your CV.')}
      </p>
    );
  }

  const response = query.data as CvDataWithPage;
  const design = designOf(response);
  const template = response.cv.template;
  const templateName = CV_TEMPLATES.find((t) => t.id === template)?.name ?? '';
  const pageSize = resolvePageSize(response.cv.pageSize);
  const change = (part: Partial<CvDesign>) => save(part, design);

  return (
    <Card className="space-y-7 p-5 sm:p-6">
      <AccentPicker
        accent={design.accent}
        template={template}
        templateName={templateName}
        onChange={(accent) => change({ accent })}
      />

      <Choices
        legend="Font"
        name="cv-font"
        value={design.font ?? ''}
        options={[
          { value: '', label: `${templateName} template's font` },
          ...CV_FONTS.map((f) => ({
            value: f.id,
            label: f.name,
            style: fontsReady ? { fontFamily: f.stack } : undefined,
          })),
        ]}
        onChange={(font) => change({ font: (font || null) as CvDesign['font'] })}
        layout="grid"
      />

      <Choices
        legend="Text size"
        name="cv-size"
        value={design.size}
        options={TEXT_SIZES.map((s) => ({ value: s, label: SIZE_LABELS[s] }))}
        onChange={(size) => change({ size: size as CvDesign['size'] })}
      />

      <Choices
        legend="Spacing"
        name="cv-density"
        value={design.density}
        options={DENSITIES.map((d) => ({ value: d, label: DENSITY_LABELS[d] }))}
        onChange={(density) => change({ density: density as CvDesign['density'] })}
      />

      <Choices
        legend="Paper size"
        name="cv-paper"
        value={pageSize}
        options={PAGE_SIZES.map((s) => ({ value: s, label: PAGE_LABELS[s] }))}
        onChange={(size) => savePageSize.change(size as PageSize)}
      />

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={isDefaultDesign(design)}
          onClick={() => save(DEFAULT_DESIGN, design)}
        >
          Use the template's design
        </Button>
        <p className="text-sm text-slate-600" role="status" aria-live="polite">
          {status === 'saving' ? 'Saving...' : status === 'saved' ? 'Saved' : ''}
        </p>
      </div>
      {status === 'failed' && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(error, 'Your design could not be saved. Please try again.')}
        </p>
      )}
      {savePageSize.state === 'failed' && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(savePageSize.error, 'The page size could not be saved.')}
        </p>
      )}
    </Card>
  );
}

function AccentPicker({
  accent,
  template,
  templateName,
  onChange,
}: {
  accent: string | null;
  template: string;
  templateName: string;
  onChange: (accent: string | null) => void;
}) {
  const pickerId = useId();
  const noteId = useId();
  const check = accent ? checkAccent(accent, template) : null;
  const custom = accent !== null && !ACCENT_PALETTE.some((c) => c.hex === accent);
  return (
    <fieldset className="space-y-3" aria-describedby={noteId}>
      <legend className="text-sm font-semibold text-slate-900">Accent colour</legend>
      <div className="flex flex-wrap gap-2">
        <Swatch
          name="cv-accent"
          checked={accent === null}
          onSelect={() => onChange(null)}
          label={`${templateName} colours`}
        >
          <span
            aria-hidden="true"
            className="size-6 rounded-full bg-[conic-gradient(#0f766e,#7e22ce,#be123c,#c2410c,#15803d,#0f766e)]"
          />
        </Swatch>
        {ACCENT_PALETTE.map((c) => (
          <Swatch
            key={c.hex}
            name="cv-accent"
            checked={accent === c.hex}
            onSelect={() => onChange(c.hex)}
            label={c.name}
          >
            <span
              aria-hidden="true"
              className="size-6 rounded-full"
              style={{ backgroundColor: c.hex }}
            />
          </Swatch>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={pickerId} className="text-sm font-medium text-slate-800">
          Custom colour
        </label>
        <input
          id={pickerId}
          type="color"
          value={accent ?? '#0f766e'}
          onChange={(e) => onChange(e.target.value.toLowerCase())}
          className={cn(
            'h-9 w-14 cursor-pointer rounded-md border bg-white p-1',
            custom ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-300',
          )}
        />
        {accent && (
          <span className="font-mono text-sm text-slate-700" data-testid="accent-hex">
            {accent}
          </span>
        )}
      </div>
      <div id={noteId} className="text-sm text-slate-700" aria-live="polite">
        {check ? (
          check.passes ? (
            <p data-testid="contrast-note">
              Contrast {formatRatio(check.ratio)} on the {templateName} template's background:
              passes WCAG AA (4.5:1), so text in this colour stays readable.
            </p>
          ) : (
            <p data-testid="contrast-note" className="flex flex-wrap items-center gap-2">
              <span>
                Contrast {formatRatio(check.ratio)} on the {templateName} template's background is
                below WCAG AA (4.5:1). Your CV uses the nearest shade that passes,
              </span>
              <span className="inline-flex items-center gap-1.5 font-mono">
                <span
                  aria-hidden="true"
                  className="inline-block size-4 rounded-sm ring-1 ring-slate-900/20"
                  style={{ backgroundColor: check.used }}
                />
                {check.used} ({formatRatio(check.usedRatio)}).
              </span>
            </p>
          )
        ) : (
          <p data-testid="contrast-note">The {templateName} template's own colours.</p>
        )}
      </div>
    </fieldset>
  );
}

/** One colour choice: a radio button drawn as a swatch, its name as the label. */
function Swatch({
  name,
  checked,
  onSelect,
  label,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <label className="relative cursor-pointer">
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className="peer sr-only"
      />
      <span
        className={cn(
          'flex items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm text-slate-800',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
          checked
            ? 'border-slate-900 bg-slate-900 text-white'
            : 'border-slate-300 bg-white hover:border-slate-400',
        )}
      >
        {children}
        {label}
      </span>
    </label>
  );
}

interface Option {
  value: string;
  label: string;
  style?: CSSProperties;
}

/** A radio group drawn as a segmented control (or a grid of cards); arrow keys move the choice. */
function Choices({
  legend,
  name,
  value,
  options,
  onChange,
  layout = 'row',
}: {
  legend: string;
  name: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  layout?: 'row' | 'grid';
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div
        className={cn(
          layout === 'grid'
            ? 'grid grid-cols-1 gap-2 sm:grid-cols-2'
            : 'inline-flex flex-wrap gap-1 rounded-lg bg-slate-200 p-1',
        )}
      >
        {options.map((o) => (
          <label key={o.value} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="peer sr-only"
            />
            <span
              style={o.style}
              className={cn(
                'block text-sm',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                layout === 'grid'
                  ? 'rounded-lg border px-3 py-2 text-base'
                  : 'rounded-md px-3 py-1.5 font-semibold',
                layout === 'grid' &&
                  (value === o.value
                    ? 'border-brand-600 bg-brand-50 text-brand-800 ring-1 ring-brand-600'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400'),
                layout === 'row' &&
                  (value === o.value
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900'),
              )}
            >
              {o.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
