import type { LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import ChartColumn from 'lucide-react/icons/chart-column';
import CircleUser from 'lucide-react/icons/circle-user';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import Megaphone from 'lucide-react/icons/megaphone';
import ReceiptText from 'lucide-react/icons/receipt-text';
import Settings from 'lucide-react/icons/settings';
import Tag from 'lucide-react/icons/tag';
import Tags from 'lucide-react/icons/tags';
import User from 'lucide-react/icons/user';
import Webhook from 'lucide-react/icons/webhook';
import Zap from 'lucide-react/icons/zap';

/** The icon names of docs/screens.md mapped to one maintained set (lucide). */
export const ICONS = {
  Account: CircleUser,
  Invoices: ReceiptText,
  Bookmark: Bookmark,
  Dashboard: LayoutDashboard,
  'Log Out': LogOut,
  'My Offers': Tags,
  'My Campaigns': Megaphone,
  'Pixels and Postbacks': Webhook,
  Notifications: Bell,
  Offers: Tag,
  Reports: ChartColumn,
  Settings: Settings,
  Profile: User,
  Thunder: Zap,
} as const satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 18, className }: { name: IconName; size?: number; className?: string }) {
  const C = ICONS[name];
  return <C aria-hidden="true" size={size} className={className} strokeWidth={1.9} />;
}
