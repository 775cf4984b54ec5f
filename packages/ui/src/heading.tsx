import type { HTMLAttributes, Ref } from 'react';

/** A page's one `h1`; `size="md"` inside a narrow card. Focus targets pass `ref` and `tabIndex={-1}`. */
export function PageHeading({
  size = 'lg',
  className = 'mb-6',
  ref,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { size?: 'md' | 'lg'; ref?: Ref<HTMLHeadingElement> }) {
  return (
    <h1
      ref={ref}
      {...rest}
      className={`text-2xl font-semibold tracking-tight ${size === 'lg' ? 'sm:text-3xl' : ''} ${className}`}
    />
  );
}
