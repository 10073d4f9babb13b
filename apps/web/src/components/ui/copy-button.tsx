import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { useEffect, useRef, useState } from 'react';
import { Button } from './button.tsx';

/** docs/limits.md: the "copied" confirmation shows for 4 s. */
const COPIED_MS = 4000;

/** Copies a text to the clipboard and says so for 4 seconds. */
export function CopyButton({
  text,
  label = 'Copy',
  className,
  size = 'md',
  disabled,
  describedBy,
}: {
  text: string;
  label?: string;
  className?: string;
  size?: 'sm' | 'md';
  /** Nothing to copy yet, or what there is is wrong: the page says why (`describedBy`). */
  disabled?: boolean;
  /** The id of what the button's accessible description is: a warning about the text, the reason it is disabled. */
  describedBy?: string | undefined;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard refused (no permission, insecure context): select-and-copy still works by hand.
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  return (
    <Button
      variant="secondary"
      size={size}
      className={className}
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={() => void copy()}
      icon={
        copied ? (
          <Check size={16} aria-hidden="true" className="text-green-700" />
        ) : (
          <Copy size={16} aria-hidden="true" />
        )
      }
    >
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </Button>
  );
}
