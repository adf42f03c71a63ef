import { describe, expect, it } from 'vitest';
import { stylesFirst } from './styles-first.ts';

describe('stylesFirst', () => {
  it('moves the stylesheets right after the viewport, before scripts and module preloads', () => {
    const html = [
      '<head>',
      '    <meta charset="UTF-8" />',
      '    <meta name="viewport" content="width=device-width" />',
      '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/index-c.css">',
      '  </head>',
    ].join('\n');
    expect(stylesFirst(html)).toBe(
      [
        '<head>',
        '    <meta charset="UTF-8" />',
        '    <meta name="viewport" content="width=device-width" />',
        '    <link rel="stylesheet" crossorigin href="/assets/index-c.css">',
        '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">',
        '  </head>',
      ].join('\n'),
    );
  });

  it('leaves a page without stylesheets or viewport as it is', () => {
    expect(stylesFirst('<head><title>x</title></head>')).toBe('<head><title>x</title></head>');
  });
});
