import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { usePageTitle } from '../../../lib/brand.ts';
import { ErrorScreen } from './error-screen.tsx';

/** The generic fallback (docs/screens.md): 'Unexpected Application Error!' with the message. */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Unexpected Application Error!');
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <ErrorScreen
      code="Error"
      icon={<TriangleAlert size={28} aria-hidden="true" />}
      title="Unexpected Application Error!"
    >
      <p className="rounded-lg border border-slate-200 bg-white px-3 py-2 font-mono text-sm break-words text-slate-800">
        {message}
      </p>
      {/* A full page load: the app may be in a state a client-side navigation cannot fix. */}
      <a href="/" className={buttonClass('primary', 'lg', 'mt-6')}>
        Go back home
      </a>
    </ErrorScreen>
  );
}
