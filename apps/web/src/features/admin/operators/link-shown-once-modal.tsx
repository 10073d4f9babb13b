import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** A set-password link shown this once, in full, with a Copy button (an invitation, a reset link). */
export function LinkShownOnceModal({
  title,
  link,
  onClose,
  children,
}: {
  title: string;
  link: string;
  onClose: () => void;
  /** What the link is for and until when. */
  children: ReactNode;
}) {
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={title} footer={<Button onClick={onClose}>Done</Button>}>
      <div className="flex flex-col gap-4 text-sm text-slate-700">
        <p>{children}</p>
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-[13px] break-all text-slate-900">
          {link}
        </div>
        <CopyButton text={link} className="self-start" />
      </div>
    </Modal>
  );
}
