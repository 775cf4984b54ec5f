import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves focus to the first field marked `aria-invalid` in the form whenever a new set of errors is
 * shown (its error is read with it, through `aria-describedby`). Returns the ref to put on the form.
 */
export function useFocusFirstInvalid(errors: object): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return form;
}
