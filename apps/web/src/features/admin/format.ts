/**
 * The console's dates and times, in the browser's zone. Its own: a console call of a publisher
 * helper that the publisher pages leave unused would add that code to their files.
 */
const dateTime = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const date = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** `2026-01-31 14:05`. */
export const formatConsoleDateTime = (iso: string) => dateTime.format(new Date(iso)).replace(',', '');
/** `2026-01-31`. */
export const formatConsoleDate = (iso: string) => date.format(new Date(iso));
