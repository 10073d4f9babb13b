import FileQuestion from 'lucide-react/icons/file-question-mark';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { usePageTitle } from '../../../lib/brand.ts';
import { ErrorScreen } from './error-screen.tsx';

export function Component() {
  usePageTitle('Page not found');
  return (
    <ErrorScreen
      code="404"
      icon={<FileQuestion size={28} aria-hidden="true" />}
      title="The page you're looking for cannot be found."
    >
      <p>Check the address, or head back to your dashboard.</p>
      <ButtonLink to="/" size="lg" className="mt-6">
        Go back home
      </ButtonLink>
    </ErrorScreen>
  );
}
