import { createRequire } from 'node:module';
import {
  NOTIFICATION_DESCRIPTION_MAX_LENGTH,
  NOTIFICATION_HTML_TAGS,
  NOTIFICATION_LINK_SCHEMES,
} from '@portal/shared/notifications/notifications.constants';
import type * as Purify from 'isomorphic-dompurify';

// Loaded on first use: the library brings a whole DOM (jsdom), a second of loading that every start
// of the server and of the operator CLI would otherwise pay, most of them never sanitising anything.
let purify: typeof Purify | undefined;

function dompurify(): typeof Purify {
  if (!purify) {
    purify = createRequire(import.meta.url)('isomorphic-dompurify') as typeof Purify;
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
  }
  return purify;
}

/**
 * HTML an operator writes for publishers (a notification's body, an offer's description) as it may
 * be stored and shown (docs/security.md, docs/reliability.md B6): formatting and links only; no
 * script, event handlers, SVG/MathML, forms, frames or styles; links only to http(s) and mailto,
 * opening in a new tab without an opener. Text without `<`, `>` or `&` comes back as it was.
 */
export function sanitizeHtml(html: string): string {
  if (!/[<>&]/.test(html)) return html;
  const cached = cache.get(html);
  if (cached !== undefined) return cached;
  const clean = sanitize(html);
  if (cache.size >= 1000) cache.delete(cache.keys().next().value!);
  cache.set(html, clean);
  return clean;
}

// Reads sanitize again (rows may be written by other code); the same texts come back often.
const cache = new Map<string, string>();

function sanitize(html: string): string {
  return dompurify().sanitize(html.slice(0, NOTIFICATION_DESCRIPTION_MAX_LENGTH), {
    ALLOWED_TAGS: NOTIFICATION_HTML_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
    ALLOWED_URI_REGEXP: NOTIFICATION_LINK_SCHEMES,
    ALLOW_DATA_ATTR: false,
  });
}
