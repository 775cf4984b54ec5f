/** Class lists the primitives share; exported for the few places that style a plain element alike. */

/** Inputs and selects: a 44 px tap target, a 3:1 edge, red when `aria-invalid`. */
export const controlClass = 'ui-control'; // styles.css

/**
 * A label holding a radio or checkbox (styles.css): the whole label is the target and shows the
 * state and the focus ring. `Choice` draws one; a page that must stay small can use the class.
 */
export const choiceClass = 'ui-choice';

/** A text link (react-router's `Link` or a plain `<a>`). */
export const linkClass = 'font-medium text-accent underline underline-offset-2 hover:no-underline';
