import {
  Bell,
  Bookmark,
  ChartColumn,
  CircleUser,
  LayoutDashboard,
  LogOut,
  Megaphone,
  ReceiptText,
  Settings,
  Tag,
  Tags,
  User,
  Webhook,
  Zap,
  type LucideIcon,
} from 'lucide-react';

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
