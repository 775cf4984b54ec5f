import type { TextareaHTMLAttributes } from 'react';
import { Frame, type FrameProps } from './field.tsx';

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & FrameProps;

/** A labelled multi-line input (a note, a reason), wired as `Field` is. */
export function TextArea({
  label,
  hint,
  error,
  announceError,
  action,
  className,
  id,
  rows = 3,
  ...area
}: TextAreaProps) {
  return (
    <Frame
      {...{ id, label, hint, error, announceError, action, className }}
      control={(p) => <textarea rows={rows} {...area} {...p} />}
    />
  );
}
