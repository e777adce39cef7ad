import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown (decision 119)', () => {
  it('renders Markdown', () => {
    const html = renderMarkdown('## Antes de ir\n\nLleva el **SOAT** y [la guía](https://togo.co/guia).');
    expect(html).toContain('<h2>Antes de ir</h2>');
    expect(html).toContain('<strong>SOAT</strong>');
    expect(html).toContain('href="https://togo.co/guia"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('strips <script>, javascript: links and onerror attributes', () => {
    const html = renderMarkdown(
      [
        'Hola <script>alert(1)</script>',
        '[pulsa](javascript:alert(2)) y <a href="JaVaScRiPt:alert(3)">aquí</a>',
        '<img src="https://x.co/a.png" onerror="alert(4)"> <img src=x onerror=alert(5)>',
        '![foto](javascript:alert(6))',
        '<iframe src="https://evil.example"></iframe><svg onload="alert(7)"></svg>',
        '<p style="background:url(javascript:alert(8))" onclick="alert(9)">x</p>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/onerror|onload|onclick/i);
    expect(html).not.toMatch(/<iframe|<svg|style=/i);
    expect(html).toContain('Hola');
    expect(html).toContain('<img src="https://x.co/a.png"');
  });
});
