import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('dashboard CSV', () => {
  it('writes a header line and one line per row, CRLF-separated', () => {
    const csv = toCsv(
      [
        { header: 'Source', value: (r: { source: string; views: number }) => r.source },
        { header: 'Page views', value: (r) => r.views },
      ],
      [
        { source: 'google', views: 120 },
        { source: '(direct)', views: 80 },
      ],
    );
    expect(csv).toBe('Source,Page views\r\ngoogle,120\r\n(direct),80\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Accra, Osu')).toBe('"Accra, Osu"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('defuses cells a spreadsheet would run as formulas, but keeps negative numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+233 20 000 0000')).toBe("'+233 20 000 0000");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('/jobs?focus=search')).toBe('/jobs?focus=search');
  });
});
