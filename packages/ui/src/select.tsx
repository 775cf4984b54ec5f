import type { SelectHTMLAttributes } from 'react';
import { Frame, type FrameProps } from './field.tsx';

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & FrameProps;

/** A labelled native select (the platform's own picker: right on phones and with screen readers). */
export function Select({
  label,
  hint,
  error,
  announceError,
  action,
  className,
  id,
  children,
  ...select
}: SelectProps) {
  return (
    <Frame
      {...{ id, label, hint, error, announceError, action, className }}
      control={(p) => (
        <select {...select} {...p}>
          {children}
        </select>
      )}
    />
  );
}
