import { parse } from 'csv-parse/sync';

/**
 * How a spreadsheet may split an exported file into cells, read with a real CSV parser
 * (csv-parse): our own format (`,`, RFC 4180 quotes) and the ways a spreadsheet reads a file when
 * its list separator is `;` or tab — honouring quotes where it can, or ignoring them altogether.
 */
export const READERS = {
  /** RFC 4180 with `,`: the file as written. */
  comma: { delimiter: ',' },
  /** A `;` locale that honours quotes where a cell starts with one and keeps stray quotes. */
  semicolon: { delimiter: ';', relax_quotes: true },
  /** A `;` locale that ignores quotes: every `;` and line break starts a cell. */
  semicolonNoQuotes: { delimiter: ';', quote: false },
  /** A tab-separated import that ignores quotes. */
  tabNoQuotes: { delimiter: '\t', quote: false },
} as const;

export type ReaderName = keyof typeof READERS;

export function readAs(text: string, reader: ReaderName): string[][] {
  const options = { ...READERS[reader], record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true };
  try {
    return parse(text, options) as string[][];
  } catch (err) {
    // A spreadsheet ends a quoted cell left open at the end of the file there; the parser refuses.
    if ((err as { code?: string }).code !== 'CSV_QUOTE_NOT_CLOSED') throw err;
    return parse(`${text}"`, options) as string[][];
  }
}

/** Characters that make a spreadsheet run a cell as a formula (OWASP), with full-width forms. */
export const FORMULA_TRIGGER = /^[=+\-@＝＋－＠]/;

/**
 * The cells a spreadsheet would run: after any white space (tab, CR and LF included: OWASP counts
 * them as triggers because some readers skip them), the cell starts with a trigger. A cell that
 * starts with a double quote the reader kept is text. Cells that are bare numbers (`-1.5`) are
 * values, not formulas.
 */
export function formulaCells(text: string, reader: ReaderName): string[] {
  return readAs(text, reader)
    .flat()
    .filter((cell) => {
      const start = cell.replace(/^\s+/, '');
      return FORMULA_TRIGGER.test(start) && !/^-?\d+(\.\d+)?$/.test(start);
    });
}
