import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-read.ts';

describe('readCsv', () => {
  it('reads either separator, quotes, a BOM and CRLF, each record with the line it starts on', () => {
    expect(readCsv('\ufefftid;status\r\n"a;b";approved\r\n\r\n"x""y\r\nz";rejected\r\n')).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['tid', 'status'] },
        { line: 2, cells: ['a;b', 'approved'] },
        { line: 4, cells: ['x"y\r\nz', 'rejected'] },
      ],
    });
    expect(readCsv('tid,status\nabc,approved')).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['tid', 'status'] },
        { line: 2, cells: ['abc', 'approved'] },
      ],
    });
  });

  it('names the line of a quote left open or text after a closing quote', () => {
    expect(readCsv('tid,status\n"open,approved\n')).toEqual({
      ok: false,
      line: 2,
      message: 'A quoted field is not closed.',
    });
    expect(readCsv('tid,status\n"q"x,approved\n')).toEqual({
      ok: false,
      line: 2,
      message: 'Text follows a closing quote.',
    });
  });
});
