import { paths } from '../../config/paths.ts';
import type { IconName } from '../ui/icons.tsx';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
  /** Active when the location starts with this prefix. */
  match: string;
}

/** Header navigation (docs/screens.md). */
export const MAIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: paths.home, icon: 'Dashboard', match: '/' },
  { label: 'My Offers', to: paths.myOffers, icon: 'My Offers', match: '/my-offers' },
  { label: 'Reports', to: paths.reports('campaign'), icon: 'Reports', match: '/reports' },
];

/** User menu (docs/screens.md), Log Out excepted. */
export const USER_NAV: NavItem[] = [
  { label: 'Profile', to: paths.profile('time-zone'), icon: 'Profile', match: '/profile' },
  { label: 'Invoices', to: paths.invoices, icon: 'Invoices', match: '/invoices' },
  {
    label: 'Pixels and Postbacks',
    to: paths.globalPostbacks,
    icon: 'Pixels and Postbacks',
    match: '/global-pixel-postback',
  },
];

export const isActive = (item: NavItem, pathname: string) =>
  item.match === '/' ? pathname === '/' : pathname === item.match || pathname.startsWith(`${item.match}/`);
