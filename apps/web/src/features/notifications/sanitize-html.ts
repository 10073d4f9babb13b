import {
  NOTIFICATION_DESCRIPTION_MAX_LENGTH,
  NOTIFICATION_HTML_TAGS,
  NOTIFICATION_LINK_SCHEMES,
} from '@portal/shared/notifications/notifications.constants';
import createPurifier, { type Config, type DOMPurify } from 'dompurify';

/**
 * Notification HTML as the browser shows it (docs/security.md, docs/reliability.md B6). The server sanitises
 * when it stores and when it answers; this is the last line, at render time, against whatever
 * reaches the page: formatting and links only; no script, event handler, SVG/MathML, form, frame
 * or style; links only to http(s) and mailto, opening in a new tab with no opener.
 */
const CONFIG: Config = {
  ALLOWED_TAGS: NOTIFICATION_HTML_TAGS,
  ALLOWED_ATTR: ['href', 'title'],
  ALLOWED_URI_REGEXP: NOTIFICATION_LINK_SCHEMES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

let purifier: DOMPurify | null = null;

/** Our own instance: its link hook must not change how other screens sanitise. */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const p = createPurifier(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purifier = p;
  return p;
}

/** The description's HTML as the page renders it, purified in the browser (the server's sanitiser is its own). */
export function purifyNotificationHtml(html: string): string {
  return getPurifier().sanitize(html.slice(0, NOTIFICATION_DESCRIPTION_MAX_LENGTH), CONFIG);
}

const BLOCK_END = /<\/(?:p|div|li|h[1-4]|tr|blockquote|pre)>|<br\s*\/?>/gi;

/**
 * The description as one line of plain text (the list's excerpt). The sanitised HTML is parsed in
 * an inert document (DOMParser runs no script and loads no image), and only its text is kept.
 */
export function notificationText(html: string): string {
  const safe = purifyNotificationHtml(html).replace(BLOCK_END, '$& ');
  const text = new DOMParser().parseFromString(safe, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
