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
    <PageWrapper
      title="Profile"
      seoTitle={`Profile: ${tab.label}`}
      icon="Profile"
      description="Your time zone, password, e-mail notifications and log-in security."
    >
      <Tabs.Root
        value={tab.value}
        onValueChange={(v) => void navigate(paths.profile(v as ProfileTab))}
        activationMode="manual"
      >
        <Tabs.List
          aria-label="Profile sections"
          className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:flex sm:gap-1 sm:rounded-none sm:border-b sm:border-slate-200 sm:bg-transparent sm:p-0"
        >
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-accent data-[state=active]:shadow-xs sm:relative sm:-mb-px sm:shrink-0 sm:rounded-none sm:border-b-2 sm:border-transparent sm:py-2.5 sm:data-[state=active]:border-accent sm:data-[state=active]:bg-transparent sm:data-[state=active]:shadow-none"
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
