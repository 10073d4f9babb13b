// @vitest-environment jsdom
import { NOTIFICATION_DESCRIPTION_MAX_LENGTH } from '@portal/shared/notifications/notifications.constants';
import { describe, expect, it } from 'vitest';
import { notificationText, purifyNotificationHtml } from './sanitize-html.ts';

/** Parses sanitised HTML the way the page would hold it, to look at what survived. */
const parse = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
};

const everyAttribute = (root: Element) =>
  [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => `${a.name}=${a.value}`));

describe('notification HTML at render time (docs/reliability.md B6)', () => {
  it('keeps formatting and safe links, opening in a new tab without an opener', () => {
    const out = parse(
      purifyNotificationHtml('<p>Cap <b>reached</b>. <a href="https://portal.test/help/caps">How caps work</a></p>'),
    );
    expect(out.querySelector('b')?.textContent).toBe('reached');
    const a = out.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://portal.test/help/caps');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(parse(purifyNotificationHtml('<a href="mailto:am@portal.test">mail</a>')).querySelector('a')?.href).toBe(
      'mailto:am@portal.test',
    );
  });

  it('drops scripts, event handlers, SVG, frames, forms and styles', () => {
    const out = parse(
      purifyNotificationHtml(
        [
          '<script>window.pwned = 1</script>',
          '<img src=x onerror="window.pwned = 2">',
          '<svg onload="window.pwned = 3"><circle r="4"/></svg>',
          '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
          '<iframe src="https://evil.test"></iframe>',
          '<form action="https://evil.test"><input name="password"></form>',
          '<p style="background:url(javascript:alert(1))" onclick="alert(1)" onmouseover="alert(1)">text</p>',
          '<details open ontoggle="alert(1)">d</details>',
        ].join(''),
      ),
    );
    for (const tag of ['script', 'img', 'svg', 'math', 'iframe', 'form', 'input', 'details'])
      expect(out.querySelector(tag), tag).toBeNull();
    expect(everyAttribute(out).filter((a) => /^on|^style=/i.test(a))).toEqual([]);
    expect(out.textContent).toContain('text');
  });

  it('drops javascript:, data: and other non-http links, whatever their spelling', () => {
    const out = parse(
      purifyNotificationHtml(
        [
          '<a href="javascript:window.pwned=4">a</a>',
          '<a href=" JaVaScRiPt:alert(1)">b</a>',
          '<a href="java&#x09;script:alert(1)">c</a>',
          '<a href="data:text/html,<script>alert(1)</script>">d</a>',
          '<a href="vbscript:msgbox(1)">e</a>',
        ].join(''),
      ),
    );
    const links = [...out.querySelectorAll('a')];
    expect(links).toHaveLength(5);
    for (const a of links) {
      expect(a.hasAttribute('href')).toBe(false);
      // A link that goes nowhere is not told to open a tab.
      expect(a.hasAttribute('target')).toBe(false);
    }
  });

  it('survives deep nesting and very long input', () => {
    const deep = `${'<div><span>'.repeat(600)}deep${'</span></div>'.repeat(600)}<img src=x onerror="window.pwned=5">`;
    const out = purifyNotificationHtml(deep);
    expect(out.length).toBeLessThanOrEqual(deep.length);
    expect(out).not.toMatch(/onerror|<img/i);
    const long = `<p>${'a'.repeat(NOTIFICATION_DESCRIPTION_MAX_LENGTH * 2)}</p>`;
    expect(purifyNotificationHtml(long).length).toBeLessThanOrEqual(NOTIFICATION_DESCRIPTION_MAX_LENGTH + 10);
  });
});

describe('notificationText: the list’s excerpt', () => {
  it('is the text alone, blocks separated, whitespace collapsed, nothing run', () => {
    expect(notificationText('<p>First <b>bold</b>.</p><p>Second&nbsp;line<br>third</p>')).toBe(
      'First bold. Second line third',
    );
    expect(notificationText('<img src=x onerror="window.pwned=6">Hello<script>window.pwned=7</script>')).toBe('Hello');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    expect(notificationText('')).toBe('');
  });
});
