import { PassThrough } from 'node:stream';

/** A parsed line of the server's JSON log. */
export interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

export const INFO = 30;
export const WARN = 40;
export const ERROR = 50;

/** A stream to hand to createTestApp's `logStream`, and the lines written to it so far. */
export function captureLog() {
  const stream = new PassThrough();
  const raw: string[] = [];
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    raw.push(...parts.filter(Boolean));
  });
  return {
    stream,
    /** Every line as written. */
    text: () => raw.join('\n'),
    lines: (): LogLine[] => raw.map((l) => JSON.parse(l) as LogLine),
    /** The request lines (lib/request-log.ts). */
    requests: (): LogLine[] => raw.map((l) => JSON.parse(l) as LogLine).filter((l) => l.msg === 'request'),
  };
}
