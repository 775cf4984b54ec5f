/** Copies a text (a code, a key, a link) to the clipboard, and says so. */
import { Button } from '@vitrine/ui';
import { useState } from 'react';

export function CopyButton({
  text,
  label = 'Copy',
  done = 'Copied.',
}: {
  text: string;
  label?: string;
  /** What the status says once it is copied. */
  done?: string;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    // No clipboard outside secure contexts (plain http on another host than localhost).
    if (!navigator.clipboard) return setCopied(false);
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={copy}>
        {label}
      </Button>
      <span role="status" className="text-sm text-muted">
        {copied === true
          ? done
          : copied === false
            ? 'Copying is not allowed here: select the text and copy it.'
            : ''}
      </span>
    </>
  );
}
