import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText, safeHref } from './rich-text.tsx';
import { editorContentOf, linkAddress } from './rich-text-field.tsx';

describe('RichText', () => {
  it('renders plain text as one paragraph that keeps its line breaks', () => {
    const { container } = render(<RichText value={'One\nTwo <3 & more'} className="x" />);
    const p = container.querySelector('p')!;
    expect(container.children).toHaveLength(1);
    expect(p).toHaveClass('whitespace-pre-line', 'x');
    expect(p.textContent).toBe('One\nTwo <3 & more');
  });

  it('renders the allow-listed elements as elements', () => {
    const { container } = render(
      <RichText
        value={
          '<p>Led <strong>six</strong> <b>people</b> <em>well</em> <i>fast</i><br>on time</p><ul><li>One</li></ul><ol><li>Two</li></ol>'
        }
      />,
    );
    const root = container.firstElementChild!;
    expect(root).toHaveClass('cv-rich');
    expect(root.querySelectorAll('strong')).toHaveLength(2);
    expect(root.querySelectorAll('em')).toHaveLength(2);
    expect(root.querySelector('br')).not.toBeNull();
    expect(root.querySelector('ul > li')).toHaveTextContent('One');
    expect(root.querySelector('ol > li')).toHaveTextContent('Two');
    expect(root.querySelector('b, i')).toBeNull();
  });

  it('keeps links only to http(s) and mailto, opening in a new tab', () => {
    const { container } = render(
      <RichText
        value={
          '<p><a href="https://example.com/a" rel="opener" onclick="x()">ok</a> <a href="mailto:a@b.example">mail</a> <a href="javascript:alert(1)">js</a> <a href="data:text/html,x">data</a> <a href="/relative">rel</a></p>'
        }
      />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a',
      'mailto:a@b.example',
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
      expect(a).not.toHaveAttribute('onclick');
    }
    // The unsafe links keep their text, without a link.
    expect(container).toHaveTextContent('ok mail js data rel');
  });

  it('drops everything else: scripts, handlers, styles, foreign content', () => {
    const { container } = render(
      <RichText
        value={
          '<p style="color:red" onclick="x()">Text<script>window.__x=1</script><img src=x onerror="window.__x=1"><svg onload="1"><text>svg</text></svg><iframe src="https://e.example"></iframe><span class="c">kept</span><div>div</div></p>'
        }
      />,
    );
    const html = container.firstElementChild!.innerHTML;
    for (const bad of [
      'script',
      'onerror',
      'onload',
      'onclick',
      'style',
      'img',
      'svg',
      'iframe',
      'span',
      '<div',
      'class="c"',
    ]) {
      expect(html).not.toContain(bad);
    }
    expect(container).toHaveTextContent('Textkeptdiv');
    expect((window as unknown as { __x?: number }).__x).toBeUndefined();
  });

  it('quotes a plain lead (template 08)', () => {
    const { container } = render(<RichText value="Hello" quoted />);
    expect(container.textContent).toBe('“Hello”');
  });
});

describe('safeHref and linkAddress', () => {
  it('accepts only absolute http(s) and mailto', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example/');
    expect(safeHref(' JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });

  it('turns what someone types into a safe address', () => {
    expect(linkAddress('example.com/jobs')).toBe('https://example.com/jobs');
    expect(linkAddress('me@example.com')).toBe('mailto:me@example.com');
    expect(linkAddress('http://x.example')).toBe('http://x.example/');
    expect(linkAddress('javascript:alert(1)')).toBeNull();
    expect(linkAddress('  ')).toBeNull();
  });
});

describe('editorContentOf', () => {
  it('gives plain text to the editor as paragraphs and line breaks, escaped', () => {
    expect(editorContentOf('One\nTwo\n\nThree <3 & "co"')).toBe(
      '<p>One<br>Two</p><p>Three &lt;3 &amp; &quot;co&quot;</p>',
    );
    expect(editorContentOf('<p>Already <strong>rich</strong></p>')).toBe(
      '<p>Already <strong>rich</strong></p>',
    );
    expect(editorContentOf('')).toBe('');
  });
});
