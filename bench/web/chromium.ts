/** Debian's Chromium (no browser is downloaded), with the flags every browser of this benchmark gets. */
export const CHROMIUM = process.env['CHROME_PATH'] || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
