import Eye from 'lucide-react/icons/eye';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem } from '../login-problems.ts';
import { useViewAs } from './publishers-api.ts';

/**
 * **View as publisher**: a one-time link (made now, working once for a few minutes) opened in a new
 * tab, where the portal shows whose account it is and which operator looks. The tab is opened in
 * the click itself, so no pop-up blocker stands in the way; if one still does, the link is shown.
 */
export function ViewAsButton({ publisherId }: { publisherId: number }) {
  const viewAs = useViewAs(publisherId);
  const [blockedLink, setBlockedLink] = useState<string | null>(null);
  const open = () => {
    setBlockedLink(null);
    const tab = window.open('', '_blank');
    viewAs.mutate(undefined, {
      onSuccess: ({ link }) => {
        if (!tab || tab.closed) {
          setBlockedLink(link);
          return;
        }
        // The portal's tab must not reach back into the console.
        tab.opener = null;
        tab.location.href = link;
      },
      onError: (err) => {
        tab?.close();
        alerts.error(consoleWriteProblem(err));
      },
    });
  };
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button variant="secondary" onClick={open} loading={viewAs.isPending} icon={<Eye size={16} aria-hidden="true" />}>
        View as publisher
      </Button>
      {blockedLink ? (
        <a href={blockedLink} target="_blank" rel="noopener noreferrer" className="text-sm text-accent underline">
          Open the portal as this publisher
        </a>
      ) : null}
    </span>
  );
}
