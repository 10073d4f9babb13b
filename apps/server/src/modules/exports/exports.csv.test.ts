import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './exports.csv.ts';
import { formulaCells, readAs, READERS, type ReaderName } from '../../../test/exports/spreadsheet-readers.ts';

const READER_NAMES = Object.keys(READERS) as ReaderName[];

describe('csv cells', () => {
  it('neutralise a formula at the start of the cell and quote per RFC 4180', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1+2')).toBe(`"'-1+2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('＝1+1')).toBe(`"'＝1+1"`);
    expect(csvCell(' =1')).toBe(`"' =1"`);
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell("it's")).toBe("it's");
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('Yes');
    expect(csvLine(['a', 1])).toBe('a,1\r\n');
  });

  it('neutralise a formula after a separator or line break inside the cell, and quote any cell with a separator or trigger', () => {
    expect(csvCell('a;=1+1')).toBe(`"a;'=1+1"`);
    expect(csvCell('a,@SUM(1)')).toBe(`"a,'@SUM(1)"`);
    expect(csvCell('a\t-1')).toBe(`"a\t'-1"`);
    expect(csvCell('\t=1')).toBe(`"'\t'=1"`);
    expect(csvCell('a\r\n=1')).toBe(`"a\r\n'=1"`);
    expect(csvCell('a; "=1')).toBe(`"a;' ""=1"`);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('2026-10-10')).toBe('"2026-10-10"');
  });

  it('keep numbers bare, negative amounts included', () => {
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvLine(['x', -12, 3.25])).toBe('x,-12,3.25\r\n');
  });

  it('leave no cell that starts with a formula for any reader: RFC 4180 with `,`, and `;` or tab with or without quotes', () => {
    const alphabet = ['a', '1', '=', '+', '-', '@', '\t', '\r', '\n', '\r\n', ';', ',', '"', ' ', '＝', "'", 'SUM(1)'];
    const random = () =>
      Array.from({ length: crypto.randomInt(0, 9) }, () => alphabet[crypto.randomInt(0, alphabet.length)]).join('');
    const cells = [
      'a;=1+1',
      '=HYPERLINK("http://evil.test","x")',
      '@SUM(1)',
      '+1',
      '-1',
      '\t=1',
      '\r=1',
      'a;"=1;b',
      'x;',
      ...Array.from({ length: 3000 }, random),
    ];
    let text = csvLine(['sub_id', 'earnings', 'note']);
    for (const c of cells) text += csvLine([c, -1.5, c]);
    for (const reader of READER_NAMES) expect(formulaCells(text, reader), reader).toEqual([]);
    // The file as written reads back cell for cell: a number stays a number, text without a
    // trigger stays exactly as it was, text with one gains only the leading quote marks.
    const rows = readAs(text, 'comma');
    expect(rows).toHaveLength(cells.length + 1);
    cells.forEach((c, i) => {
      const row = rows[i + 1]!;
      expect(row).toHaveLength(3);
      expect(row[1]).toBe('-1.5');
      if (!/[=+\-@\t\r＝＋－＠]/.test(c)) expect(row[0]).toBe(c);
      else expect(row[0]!.replace(/'/g, '')).toBe(c.replace(/'/g, ''));
    });
  });
});
