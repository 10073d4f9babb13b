import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { saveSession } from '../../../lib/session.ts';
import { endSession } from '../api/login-code.ts';
import { switchPrompt, type SwitchOffer } from './open-login-link.ts';

/**
 * Asks before a link that logs in replaces the open session. Switch stores the link's session and
 * goes to /; Cancel (or Escape, or the close button) ends it on the server (nobody would hold it)
 * and leaves the page as it was.
 */
export function SwitchAccountPrompt({ offer }: { offer: SwitchOffer }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const cancel = () => {
    switchPrompt.set(null);
    void endSession(offer.jwt).catch(() => undefined);
  };
  const confirm = () => {
    switchPrompt.set(null);
    saveSession(offer.jwt);
    qc.clear();
    void navigate(paths.home, { replace: true });
  };
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      title="Switch account?"
      footer={
        <>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button onClick={confirm}>Switch</Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        You are signed in as <strong className="font-semibold text-slate-900">{offer.current}</strong>. Switch to{' '}
        <strong className="font-semibold text-slate-900">{offer.target}</strong>?
      </p>
    </Modal>
  );
}
