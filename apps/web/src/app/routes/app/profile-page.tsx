import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { RouteTabs } from '../../../components/ui/route-tabs.tsx';
import { paths, PROFILE_TABS, type ProfileTab } from '../../../config/paths.ts';
import { ChangePasswordTab } from '../../../features/profile/components/change-password-tab.tsx';
import { NotificationsTab } from '../../../features/profile/components/notifications-tab.tsx';
import { TimeZoneTab } from '../../../features/profile/components/time-zone-tab.tsx';
import { useCurrentUser } from '../../../features/user/api/user.ts';
import { ReferralLink } from '../../../features/user/components/referral-link.tsx';

// Its own chunk, fetched when the tab is opened: nothing of it weighs on the other profile tabs.
const ApiKeysTab = lazy(() =>
  import('../../../features/api-keys/components/api-keys-tab.tsx').then((m) => ({ default: m.ApiKeysTab })),
);
// The same, with the QR code's library; the console's Security page shares its settings.
const TwoFactorTab = lazy(() =>
  import('../../../features/profile/components/two-factor-tab.tsx').then((m) => ({ default: m.TwoFactorTab })),
);

/**
 * The keys tab asks for a two-factor code beside the password when the user has it on, and shows
 * its times in the profile's time zone.
 */
// Its own chunk too: the payment details' form.
const PaymentDetailsTab = lazy(() =>
  import('../../../features/payment-details/payment-details-tab.tsx').then((m) => ({ default: m.PaymentDetailsTab })),
);

/** The payment details ask for the two-factor code beside the password when the user has it on. */
function PaymentDetailsSection() {
  const { data: user } = useCurrentUser();
  return <PaymentDetailsTab twoFactorEnabled={user?.two_factor_enabled ?? false} />;
}

function ApiKeysSection() {
  const { data: user } = useCurrentUser();
  return <ApiKeysTab twoFactorEnabled={user?.two_factor_enabled ?? false} timeZone={user?.timezone} />;
}

const TABS: { value: ProfileTab; label: string; render: () => React.ReactNode }[] = [
  { value: 'time-zone', label: 'Time Zone', render: () => <TimeZoneTab /> },
  { value: 'change-password', label: 'Change Password', render: () => <ChangePasswordTab /> },
  { value: 'notifications-settings', label: 'Notifications', render: () => <NotificationsTab /> },
  {
    value: 'two-factor-auth',
    label: 'Two-Factor Auth',
    render: () => (
      <Suspense fallback={<LoadingBlock label="Loading two-factor status" />}>
        <TwoFactorTab />
      </Suspense>
    ),
  },
  {
    value: 'api-keys',
    label: 'API Keys',
    render: () => (
      <Suspense fallback={<LoadingBlock label="Loading your API keys…" />}>
        <ApiKeysSection />
      </Suspense>
    ),
  },
  {
    value: 'payment-details',
    label: 'Payment details',
    render: () => (
      <Suspense fallback={<LoadingBlock label="Loading your payment details…" />}>
        <PaymentDetailsSection />
      </Suspense>
    ),
  },
];

export function Component() {
  const { type } = useParams();
  const tab = TABS.find((t) => t.value === type);
  if (!tab || !(PROFILE_TABS as readonly string[]).includes(tab.value)) return <Navigate to={paths.notFound} replace />;
  return (
    <PageWrapper
      title="Profile"
      seoTitle={`Profile: ${tab.label}`}
      icon="Profile"
      description="Your time zone, password, e-mail notifications, log-in security, API keys and payment details."
    >
      <ReferralLink className="mb-6" />
      <RouteTabs
        label="Profile sections"
        active={tab.value}
        tabs={TABS.map((t) => ({ value: t.value, label: t.label, to: paths.profile(t.value) }))}
      >
        {(shown) => <Card className="p-5 sm:p-7">{TABS.find((t) => t.value === shown)?.render()}</Card>}
      </RouteTabs>
    </PageWrapper>
  );
}
