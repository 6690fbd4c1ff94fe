import { describe, expect, it } from 'vitest';
import { findCv } from './cv-finder.ts';
import { pageLinesOf, type Item } from './pdf-lines.ts';

/** A text item as pdf.js places it: x from the left, baseline y from the top, ~0.5 em a letter. */
const item = (str: string, x: number, y: number, size = 10, bold = false): Item => ({
  str,
  x,
  y,
  w: str.length * size * 0.5,
  size,
  bold,
});

describe('reading a PDF page with a band of two lists side by side', () => {
  // Skills (four) beside Languages (two), then a full-width section below.
  const items = [
    item('Skills', 40, 100, 12, true),
    item('Languages', 320, 100, 12, true),
    item('Welding', 40, 120),
    item('English', 320, 120),
    item('Rigging', 40, 135),
    item('isiXhosa', 320, 135),
    item('Forklift', 40, 150),
    item('Scaffolding', 40, 165),
  ];

  it('reads the longer list to its end before the other column', () => {
    const texts = pageLinesOf(items, 595).map((l) => l.text);
    expect(texts).toEqual([
      'Skills',
      'Welding',
      'Rigging',
      'Forklift',
      'Scaffolding',
      'Languages',
      'English',
      'isiXhosa',
    ]);
  });

  it('ends the band at a row that reaches past its columns (the next section)', () => {
    const below = [
      ...items.slice(0, 6),
      item('Work experience', 40, 200, 12, true),
      item('Senior Boilermaker at Coega Shipyard Services', 40, 220, 11),
      item('Mar 2019 - Present', 40, 235),
      item('Leads a crew of six on hull repairs for bulk carriers calling at the port.', 40, 255),
    ];
    const texts = pageLinesOf(below, 595).map((l) => l.text);
    expect(texts).toEqual([
      'Skills',
      'Welding',
      'Rigging',
      'Languages',
      'English',
      'isiXhosa',
      'Work experience',
      'Senior Boilermaker at Coega Shipyard Services',
      'Mar 2019 - Present',
      'Leads a crew of six on hull repairs for bulk carriers calling at the port.',
    ]);
    const found = findCv(pageLinesOf(below, 595)).sections;
    expect(found['employment-history']).toEqual([
      expect.objectContaining({
        position: 'Senior Boilermaker',
        company: 'Coega Shipyard Services',
      }),
    ]);
    expect(found.skill).toEqual([{ skill: 'Welding' }, { skill: 'Rigging' }]);
  });

  it('drops the invisible characters an icon font draws', () => {
    const texts = pageLinesOf([item('\u0000', 40, 80, 16), item('Welding', 40, 120)], 595);
    expect(texts.map((l) => l.text)).toEqual(['Welding']);
  });
});
