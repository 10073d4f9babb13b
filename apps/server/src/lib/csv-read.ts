/**
 * Reads CSV text (RFC 4180, the counterpart of modules/exports/exports.csv.ts): `,` or `;` as the
 * separator (whichever the header line holds more of, as spreadsheets in some locales write `;`),
 * fields between double quotes with `""` for a quote, CRLF or LF line ends, a leading byte-order
 * mark ignored, blank lines skipped. Answers each record with the line it starts on (1-based), or
 * the first malformed line (a quote left open, text after a closing quote).
 */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvRead = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

export function readCsv(text: string): CsvRead {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  const n = src.length;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell = '';
      if (src[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= n) return { ok: false, line: start, message: 'A quoted field is not closed.' };
          const ch = src[i]!;
          if (ch === '"') {
            if (src[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (ch === '\n') line += 1;
          cell += ch;
          i += 1;
        }
        if (i < n && src[i] !== sep && src[i] !== '\n' && src[i] !== '\r')
          return { ok: false, line, message: 'Text follows a closing quote.' };
      } else {
        while (i < n && src[i] !== sep && src[i] !== '\n' && src[i] !== '\r') cell += src[i++];
      }
      cells.push(cell);
      if (i < n && src[i] === sep) {
        i += 1;
        continue;
      }
      if (src[i] === '\r') i += 1;
      if (src[i] === '\n') i += 1;
      line += 1;
      break;
    }
    if (!(cells.length === 1 && cells[0]!.trim() === '')) records.push({ line: start, cells });
  }
  return { ok: true, records };
}
