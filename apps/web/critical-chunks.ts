/**
 * How the build groups modules into chunks (vite.config.ts), by what a page's first paint needs.
 *
 * - `first-paint`: what the signed-in layout and its data pages draw with before anything is
 *   clicked (header, lists and tables, dates, tabs, the reports' definitions): one file the
 *   server preloads beside the route (apps/server/src/plugins/web-app.ts), not a dozen small ones.
 *   Whatever these modules import statically joins them.
 * - `popups`: the libraries of what opens on demand (menus, popovers, dialogs, the date picker's
 *   calendar, the searchable select). Pages draw light stand-ins first (components/ui/deferred.tsx)
 *   and these load when a stand-in is first reached for: off the first paint.
 *
 * A module matched by neither is grouped by the routes that share it (vite.config.ts). A chunk must
 * never statically import a chunk that imports it back: scripts/check-size.mjs fails the build on a
 * cycle (one broke the app at load once). `first-paint` has the higher priority, so the libraries
 * both use (Radix's core, date-fns) stay in it and `popups` imports them from there.
 */
const sep = '[\\\\/]';
const nm = (names: string[]) => new RegExp(`${sep}node_modules${sep}(${names.join('|')})${sep}`);
const src = (paths: string[]) =>
  new RegExp(`${sep}apps${sep}web${sep}src${sep}(${paths.map((p) => p.replace(/\//g, sep)).join('|')})`);

/** Libraries of the first paint (their own imports follow them). */
const FIRST_PAINT_LIBRARIES = nm([
  'date-fns',
  '@date-fns/tz',
  '@radix-ui/react-tabs',
  '@tanstack/react-virtual',
  '@tanstack/virtual-core',
]);

/** The app's own modules of the signed-in first paint (route modules stay chunks of their own). */
const FIRST_PAINT_SOURCES = src([
  'components/layout/(lazy-[\\w-]+|nav-items|manager-button|user-menu-button|use-logout)\\.tsx?$',
  'app/layouts/(app-header|lazy-account-manager-card)\\.tsx$',
  'components/ui/(deferred|page-wrapper|route-tabs|lazy-drill-down-menu|drill-down-button|status-badge)\\.tsx?$',
  // A failed or slow load, said the same way by every list, report and panel.
  'components/ui/(load-failure|query-block)\\.tsx$',
  'lib/load-failure\\.ts$',
  'components/ui/list/',
  'components/ui/date-range/(date-range|picker-button|lazy-date-range-picker)\\.tsx?$',
  'components/ui/select/(lazy-multi-select|select-menu|types)\\.tsx?$',
  // The dashboard's sidebar and the layout's small parts: on their own they were four files under
  // 2 kB, each a round trip on a slow link.
  'features/auth/login-link/switch-prompt-host\\.tsx$',
  'features/invoices/(api/get-invoice-list\\.ts|components/(invoice-status-badge|invoice-period)\\.tsx)$',
  'features/notifications/(api/get-unread-notifications|notification-format|notification-panel-store)\\.ts$',
  'features/notifications/components/(lazy-notification-bell|bell-button)\\.tsx$',
  'features/reports/(api/get-report|report-definitions|report-filters|report-formats|report-labels)\\.tsx?$',
  // Not report-view or top-campaigns: their charts' imports stay with the page that shows them.
  'features/reports/components/(report-filters-bar|dashboard-campaigns|earnings-summary)\\.tsx$',
  'features/user/',
]);

export const isFirstPaintModule = (id: string) => FIRST_PAINT_LIBRARIES.test(id) || FIRST_PAINT_SOURCES.test(id);

/** Every icon in one small file: the pages share most of them, and a popup's icon must not pull the popups in. */
export const ICON_MODULES = nm(['lucide-react']);

/** Modules the public pages (login) share with the signed-in ones: a small file of their own. */
const COMMON_SOURCES = src(['components/ui/(field|card)\\.tsx$', 'components/layout/footer\\.tsx$']);
const COMMON_LIBRARIES = nm(['@tanstack/react-query', '@tanstack/query-core']);
export const isCommonModule = (id: string) => COMMON_SOURCES.test(id) || COMMON_LIBRARIES.test(id);

/** What opens on demand: menus, popovers, dialogs, calendars, comboboxes (libraries and our parts). */
const POPUP_LIBRARIES = nm([
  '@radix-ui',
  '@floating-ui',
  'react-remove-scroll',
  'react-remove-scroll-bar',
  'react-style-singleton',
  'use-sidecar',
  'use-callback-ref',
  'aria-hidden',
  'get-nonce',
  'tslib',
  'downshift',
  'compute-scroll-into-view',
  'react-day-picker',
]);

const POPUP_SOURCES = src([
  'components/ui/date-range/(date-range-picker|date-time-picker|picker-parts)\\.tsx$',
  'components/ui/(drill-down-menu|modal)\\.tsx$',
  'components/ui/select/(select|multi-select|use-select-options)\\.tsx?$',
  'components/layout/(user-menu|mobile-nav)\\.tsx$',
  'app/layouts/account-manager-card\\.tsx$',
  'features/notifications/components/(notification-bell|notification-panel)\\.tsx$',
]);

export const isPopupModule = (id: string) => POPUP_LIBRARIES.test(id) || POPUP_SOURCES.test(id);

/**
 * The pixel and postback lists' code (both list pages and the offer's tab): a file of its own. Left
 * to the size-based grouping it joined whatever small group was nearest — once the reports' chart —
 * and brought the postback dialogs' lazy files into pages that never show a postback.
 */
const POSTBACK_LIST_SOURCES = src([
  'features/postbacks/(api/get-postback-table|components/(postback-columns|lazy-modals))\\.tsx?$',
]);
export const isPostbackListModule = (id: string) => POSTBACK_LIST_SOURCES.test(id);
