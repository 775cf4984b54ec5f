import * as Radix from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

const placements = {
  /** A centred box, for a question or a short form. */
  center:
    'top-1/2 left-1/2 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl',
  /** A wide centred box, for a picture (a lightbox). */
  wide: 'top-1/2 left-1/2 max-h-[95dvh] w-[calc(100%-1rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 rounded-2xl',
  /** A full-height panel at the inline end (a drawer: the cart, filters). */
  end: 'inset-y-0 right-0 h-dvh w-full max-w-md',
};

export interface DialogProps {
  /** Controlled: whether it is open, and the request to change that (Escape, the close button, a click outside). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Uncontrolled: the button that opens it (focus returns to it on close). */
  trigger?: ReactNode;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** A sentence under the title, read when the dialog opens. */
  description?: ReactNode;
  placement?: keyof typeof placements;
  /** The close button's accessible name. */
  closeLabel?: string;
  /** Under the scrolling body, e.g. the actions (use `DialogClose` for Cancel). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A modal dialog on Radix: focus moves in and stays there, Escape and a click outside close it,
 * the page behind is hidden from screen readers and does not scroll, and focus returns to what
 * had it before. Import it from `@vitrine/ui/dialog` behind `React.lazy` where it is not on the
 * first render: Radix and its dependencies are about 10 KB gzipped.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  placement = 'center',
  closeLabel = 'Close',
  footer,
  children,
}: DialogProps) {
  // What had focus when it opened. Radix returns focus to its Trigger only; a dialog opened by code
  // (the cart drawer after "Add to cart") returns it here instead of dropping it on <body>.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Radix.Trigger asChild>{trigger}</Radix.Trigger>}
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-40 bg-black/45" />
        <Radix.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            if (!opener.current?.isConnected) return;
            e.preventDefault();
            opener.current.focus();
          }}
          className={`fixed z-50 flex flex-col bg-surface shadow-xl ${placements[placement]}`}
        >
          <div className="flex items-center justify-between gap-2 border-b border-line py-2 pr-2 pl-4">
            <Radix.Title className="text-lg font-semibold">{title}</Radix.Title>
            <Radix.Close
              aria-label={closeLabel}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-hover"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M5 5l10 10M15 5 5 15" />
              </svg>
            </Radix.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-4">
            {description && <Radix.Description className="mb-4 text-muted">{description}</Radix.Description>}
            {children}
          </div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-line p-4">{footer}</div>
          )}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** Closes the dialog it is in (a Cancel button: `<DialogClose asChild><Button …>Cancel</Button></DialogClose>`). */
export const DialogClose = Radix.Close;
