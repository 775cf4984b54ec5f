import type { FieldsetHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { choiceClass } from './classes.ts';

/** A fieldset whose legend names a group of choices (radios or checkboxes). */
export function ChoiceGroup({
  legend,
  hideLegend,
  className = 'mb-4',
  children,
  ...rest
}: FieldsetHTMLAttributes<HTMLFieldSetElement> & { legend: ReactNode; hideLegend?: boolean }) {
  return (
    <fieldset {...rest} className={className}>
      <legend className={hideLegend ? 'sr-only' : 'mb-2 text-sm font-medium'}>{legend}</legend>
      {children}
    </fieldset>
  );
}

const shapes = {
  /** A row: the radio, the content (`flex-1`), and whatever follows (a price). */
  card: 'flex items-start gap-3 p-3',
  /** A pill among others in a wrapping row. */
  chip: 'inline-flex min-h-11 items-center gap-2 px-3',
};

export type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  shape?: keyof typeof shapes;
  /** Show the radio or checkbox itself (default); without it the whole choice shows the state and the focus ring. */
  indicator?: boolean;
  className?: string;
};

/** One radio (default) or checkbox, its whole label the tap target (44 px high at least). */
export function Choice({
  shape = 'card',
  indicator = true,
  className = '',
  children,
  ...input
}: ChoiceProps) {
  return (
    <label className={`${choiceClass} ${shapes[shape]} ${className}`}>
      <input
        type="radio"
        {...input}
        className={
          indicator
            ? `size-4 shrink-0 accent-accent focus-visible:outline-none ${shape === 'card' ? 'mt-1' : ''}`
            : 'sr-only'
        }
      />
      {children}
    </label>
  );
}
