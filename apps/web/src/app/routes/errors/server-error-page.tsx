import ServerCrash from 'lucide-react/icons/server-crash';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { usePageTitle } from '../../../lib/brand.ts';
import { setFailed } from '../../../lib/settings.ts';
import { queryClient } from '../../providers.tsx';
import { ErrorScreen } from './error-screen.tsx';

/** docs/screens.md: settings failed to load → 'Something went wrong.'; going home resets the failed state. */
export function ServerErrorPage() {
  usePageTitle('Something went wrong');
  const navigate = useNavigate();
  const goHome = () => {
    setFailed(false);
    queryClient.resetQueries().catch(() => undefined);
    void navigate('/');
  };
  return (
    <ErrorScreen code="500" icon={<ServerCrash size={28} aria-hidden="true" />} title="Something went wrong.">
      <p>We could not load what this page needs. Please try again in a moment.</p>
      <Button size="lg" onClick={goHome} className="mt-6">
        Go back home
      </Button>
    </ErrorScreen>
  );
}
