/*
 * Its own module, not sign-in.ts's: the storefront's first-load chunk needs this one function (every
 * failed call's words), and a module lands in a chunk whole, so the sign-in forms' words stayed in
 * every page's JavaScript while they lived together.
 */

/**
 * A field violation as a sentence beside its field or on the page: "password" + "must be at least 8
 * characters" → "Password must be at least 8 characters." (a description that is already a sentence
 * is kept, with its full stop).
 */
export function fieldSentence(v: { field: string; description: string }): string {
  const d = v.description.trim();
  const last = v.field.split('.').pop() ?? '';
  const field = last === 'email' ? 'e-mail' : last.replace(/([A-Z])/g, ' $1').toLowerCase();
  const text = /^[a-z]/.test(d) && field ? `${field} ${d}` : d;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}
