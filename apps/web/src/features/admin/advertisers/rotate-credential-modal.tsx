import type { AdvertiserRow } from '@portal/shared/admin/advertisers.schemas';
import { useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { consoleWriteProblem } from '../login-problems.ts';
import { useRotateCredential, type Credential } from './advertisers-api.ts';
import { SecretOnce } from './secret-once.tsx';

const TEXTS: Record<Credential, { title: string; what: string; shown: string; effect: string }> = {
  token: {
    title: 'Rotate conversion token',
    what: 'Conversion API token',
    shown: 'New conversion API token',
    effect:
      "The current token stops working at once: the advertiser's conversion calls are refused until they use the new one.",
  },
  pixel_secret: {
    title: 'Rotate pixel secret',
    what: 'Pixel signing secret',
    shown: 'New pixel signing secret',
    effect:
      'The current secret stops working at once: pixels signed with it lose their amount until the new one is used.',
  },
};

/** Confirms a rotation, then shows the new credential this once with Copy; it is never shown again. */
export function RotateCredentialModal({
  advertiser,
  which,
  onClose,
}: {
  advertiser: AdvertiserRow;
  which: Credential;
  onClose: () => void;
}) {
  const rotate = useRotateCredential();
  const [value, setValue] = useState<string | null>(null);
  const t = TEXTS[which];
  if (value) {
    return (
      <Modal
        open
        onOpenChange={(o) => !o && onClose()}
        title={t.shown}
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <div className="flex flex-col gap-5 text-sm text-slate-700">
          <p>
            It is shown here this once: copy it now and hand it to {advertiser.name}. The console cannot show it again;
            rotate once more if it is lost.
          </p>
          <SecretOnce label={t.what} value={value} />
        </div>
      </Modal>
    );
  }
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={t.title}
      description={advertiser.name}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={rotate.isPending}
            onClick={() => rotate.mutate({ id: advertiser.id, which }, { onSuccess: setValue })}
          >
            Rotate
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 text-sm text-slate-700">
        {rotate.error ? <AlertBox tone="error">{consoleWriteProblem(rotate.error)}</AlertBox> : null}
        <p>{t.effect}</p>
        <p>The new one is shown once, when it is made.</p>
      </div>
    </Modal>
  );
}
