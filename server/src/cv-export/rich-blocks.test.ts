import { describe, expect, it } from 'vitest';
import { richBlocks } from './rich-blocks.ts';

describe('richBlocks', () => {
  it('reads plain text as a paragraph per line, as the templates show it', () => {
    expect(richBlocks('First line\n\n  Second line  \n')).toEqual([
      { kind: 'paragraph', runs: [{ text: 'First line' }] },
      { kind: 'paragraph', runs: [{ text: 'Second line' }] },
    ]);
    // "I <3 code" is not markup.
    expect(richBlocks('I <3 code & tests')).toEqual([
      { kind: 'paragraph', runs: [{ text: 'I <3 code & tests' }] },
    ]);
    expect(richBlocks('')).toEqual([]);
    expect(richBlocks(null)).toEqual([]);
  });

  it('keeps bold, italic and links as runs, and decodes character references', () => {
    expect(
      richBlocks(
        '<p>Cut costs by <strong>20&nbsp;%</strong>, <em>see <a href="https://x.example/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">the report</a></em>.</p><p>Second<br>line</p>',
      ),
    ).toEqual([
      {
        kind: 'paragraph',
        runs: [
          { text: 'Cut costs by ' },
          { text: '20\u00A0%', bold: true },
          { text: ', ' },
          { text: 'see ', italic: true },
          { text: 'the report', italic: true, link: 'https://x.example/a?b=1&c=2' },
          { text: '.' },
        ],
      },
      { kind: 'paragraph', runs: [{ text: 'Second' }] },
      { kind: 'paragraph', runs: [{ text: 'line' }] },
    ]);
  });

  it('makes bullet and numbered lists of their items, each list its own', () => {
    expect(
      richBlocks('<ul>\n <li>One</li>\n <li><b>Two</b> <br>more</li></ul><ol><li>First</li></ol>'),
    ).toEqual([
      {
        kind: 'list',
        ordered: false,
        items: [[{ text: 'One' }], [{ text: 'Two', bold: true }, { text: ' more' }]],
      },
      { kind: 'list', ordered: true, items: [[{ text: 'First' }]] },
    ]);
  });

  it('drops a link that is not web or mail, keeping its text', () => {
    expect(
      richBlocks('<p><a href="javascript:alert(1)">click</a> <a href="mailto:a@b.co">mail</a></p>'),
    ).toEqual([
      {
        kind: 'paragraph',
        runs: [{ text: 'click ' }, { text: 'mail', link: 'mailto:a@b.co' }],
      },
    ]);
  });
});
