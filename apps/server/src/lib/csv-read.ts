import { CsvError, parse } from 'csv-parse/sync';

/**
 * Reads CSV text (RFC 4180, the counterpart of modules/exports/exports.csv.ts) with csv-parse: `,`
 * or `;` as the separator (whichever the header line holds more of, as spreadsheets in some locales
 * write `;`), fields between double quotes with `""` for a quote, CRLF or LF line ends, a leading
 * byte-order mark ignored, blank lines skipped. Answers each record with the line it starts on
 * (1-based), or the first malformed line (a quote left open, text after a closing quote).
 */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvRead = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

const MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted field is not closed.',
  CSV_INVALID_CLOSING_QUOTE: 'Text follows a closing quote.',
};

export function readCsv(text: string): CsvRead {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    const rows = parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n'],
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return {
      ok: true,
      records: rows
        .filter(({ record }) => !(record.length === 1 && record[0]!.trim() === ''))
        .map(({ record, info }) => ({
          // `lines` is where the record ends: back over the line breaks inside its quoted cells (csv-parse
          // counts a CR and an LF there one line each).
          line: info.lines - record.reduce((n, cell) => n + (cell.match(/[\r\n]/g)?.length ?? 0), 0),
          cells: record,
        })),
    };
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const line = Number((err as CsvError & { lines?: number }).lines ?? 1);
    return { ok: false, line, message: MESSAGES[err.code] ?? 'The file is not CSV this portal reads.' };
  }
}
