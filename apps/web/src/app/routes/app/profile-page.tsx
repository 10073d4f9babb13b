import { Tabs } from 'radix-ui';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { paths, PROFILE_TABS, type ProfileTab } from '../../../config/paths.ts';
import { ChangePasswordTab } from '../../../features/profile/components/change-password-tab.tsx';
import { NotificationsTab } from '../../../features/profile/components/notifications-tab.tsx';
import { TimeZoneTab } from '../../../features/profile/components/time-zone-tab.tsx';
import { TwoFactorTab } from '../../../features/profile/components/two-factor-tab.tsx';

const TABS: { value: ProfileTab; label: string; render: () => React.ReactNode }[] = [
  { value: 'time-zone', label: 'Time Zone', render: () => <TimeZoneTab /> },
  { value: 'change-password', label: 'Change Password', render: () => <ChangePasswordTab /> },
  { value: 'notifications-settings', label: 'Notifications', render: () => <NotificationsTab /> },
  { value: 'two-factor-auth', label: 'Two-Factor Auth', render: () => <TwoFactorTab /> },
];

export function Component() {
  const { type } = useParams();
  const navigate = useNavigate();
  const tab = TABS.find((t) => t.value === type);
  if (!tab || !(PROFILE_TABS as readonly string[]).includes(tab.value)) return <Navigate to={paths.notFound} replace />;
  return (
    <PageWrapper title="Profile" seoTitle={`Profile: ${tab.label}`} icon="Profile" description="Your time zone, password, e-mail notifications and log-in security.">
      <Tabs.Root value={tab.value} onValueChange={(v) => void navigate(paths.profile(v as ProfileTab))} activationMode="manual">
        <Tabs.List aria-label="Profile sections" className="-mx-4 mb-5 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="relative -mb-px shrink-0 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 data-[state=active]:border-accent data-[state=active]:text-accent"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="focus-visible:outline-offset-4">
            <Card className="p-5 sm:p-7">{t.value === tab.value ? t.render() : null}</Card>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </PageWrapper>
  );
}
