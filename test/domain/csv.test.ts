// The CSV cell rule of every export (issue 38; web/components/csv.ts): text a spreadsheet would
// run ('=', '+', '-', '@', a tab or a carriage return first) is written as text, a quote before it,
// in double quotes; numbers stay numbers, with a decimal comma, a negative amount included.
import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from '../../web/components/csv';

describe('a CSV cell', () => {
  it('neutralises every text a spreadsheet would run', () => {
    for (const text of [
      '+SUM(1;1)',
      '-2+3',
      '=HYPERLINK("http://x")',
      '@SUM(A1)',
      '\t=1+1',
      '\r=1+1',
      '+509 3712 3456',
    ])
      expect(csvCell(text)).toBe(`'${text}`);
  });

  it('leaves other text and every number as they are', () => {
    expect(csvCell('Jean-Paul')).toBe('Jean-Paul');
    expect(csvCell('Marie =1')).toBe('Marie =1');
    expect(csvCell(-500)).toBe('-500');
    expect(csvCell(1234.5)).toBe('1234,5');
    expect(csvCell(-0.25)).toBe('-0,25');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes the file: neutralised text quoted, numbers bare', async () => {
    const text = await csvText([
      ['Nom', 'Prénom', 'Solde'],
      ['+SUM(1;1)', '-2+3', -500],
      ['Pierre', '@moi', 2500.5],
      ['Paul', 'Ralph', null],
    ]);
    expect(text).toBe(
      ['Nom;Prénom;Solde', `"'+SUM(1;1)";"'-2+3";-500`, `Pierre;"'@moi";2500,5`, 'Paul;Ralph;'].join('\r\n'),
    );
  });
});
