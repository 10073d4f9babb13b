// Icons the publisher pages already use: any other would join their shared file (build/chunks.ts).
import type { LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import Building2 from 'lucide-react/icons/building-complex';
import CircleUser from 'lucide-react/icons/circle-user';
import FileText from 'lucide-react/icons/file-text';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Megaphone from 'lucide-react/icons/megaphone';
import ReceiptText from 'lucide-react/icons/receipt-text';
import Tag from 'lucide-react/icons/tag';
import Zap from 'lucide-react/icons/zap';
import type { OperatorRole } from '@portal/shared/admin/operators.constants';
import { consolePaths } from './console-paths.ts';

export interface ConsoleNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** The least role that sees the item (and may use its area); every operator when absent. */
  role?: OperatorRole;
}

/**
 * The console's navigation, in order (docs/operator-console.md). An area that exists adds its line
 * here; an area not built yet has none (no dead links).
 */
export const CONSOLE_NAV: ConsoleNavItem[] = [
  { label: 'Overview', to: consolePaths.overview, icon: LayoutDashboard },
  { label: 'Publishers', to: consolePaths.publishers, icon: Building2 },
  { label: 'Advertisers', to: consolePaths.advertisers, icon: Megaphone },
  { label: 'Offers', to: consolePaths.offers, icon: Tag },
  { label: 'Conversions', to: consolePaths.conversions, icon: Zap },
  { label: 'Invoices', to: consolePaths.invoices, icon: ReceiptText },
  { label: 'Notifications', to: consolePaths.notifications, icon: Bell },
  { label: 'Audit log', to: consolePaths.auditLog, icon: FileText },
  { label: 'Operators', to: consolePaths.operators, icon: CircleUser, role: 'owner' },
];

/** Active on its own address and below it; the Overview on its own address alone. */
export const isConsoleNavActive = (item: ConsoleNavItem, pathname: string) =>
  item.to === consolePaths.overview
    ? pathname === item.to || pathname === `${item.to}/`
    : pathname === item.to || pathname.startsWith(`${item.to}/`);

/** An area's entry when the area exists (so a link to it is never dead). */
export const consoleArea = (label: string) => CONSOLE_NAV.find((item) => item.label === label) ?? null;
