/** A search request's free text (`search.search`): the expression and how its words combine. */
export interface SearchText {
  expression?: string | null;
  mode?: 'OR' | 'AND' | null;
}
type Filter = Record<string, unknown> | null | undefined;

/** The words of an expression, as `words` fields split them (platform/query/filter.ts), the first 10. */
const wordsOf = (expression: string) =>
  expression
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10);

/**
 * The search expression as a word-prefix condition on the entity's `__words` field (a `words` field:
 * see platform/query/filter.ts wordPrefixes), carried in the filter so cursors keep it. Every word must
 * start a word of the text; with mode OR, any word.
 */
export function withSearch(filter: Filter, search: SearchText | undefined): Filter {
  const expression = search?.expression;
  if (!expression?.trim()) return filter;
  const words = search?.mode === 'OR' ? wordsOf(expression) : [];
  const condition =
    words.length > 1
      ? { $or: words.map((w) => ({ __words: { $contains: w } })) }
      : { __words: { $contains: expression } };
  return { $and: [...(filter ? [filter] : []), condition] };
}
