import type { RawBuilder, SqlBool } from 'kysely';

/**
 * What a queryable entity exposes: wire field path → trusted SQL expression and type. `words` is a tsvector of lower-cased words (lexemes taken as they are): `$contains` takes text whose
 * words must each start one of them (a search box's word prefixes), through the column's GIN index.
 */
export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'uuid' | 'stringArray' | 'words' | 'items';

/**
 * An `items` field: a list of things a row holds (a product's variants), filtered with the platform's
 * `$matchItems` (one item must satisfy every condition given) on the item's own fields.
 */
export interface ItemsSpec {
  /** One item's fields: trusted SQL on the item (e.g. `v.sku`). */
  fields: Record<string, FieldSpec>;
  /** Whether some item of the row satisfies `condition` (an `exists` over the row's items). */
  some: (condition: RawBuilder<SqlBool>) => RawBuilder<SqlBool>;
}

export interface FieldSpec {
  /** A trusted SQL expression (from code, never from input), e.g. `created_at` or `data->>'name'`. */
  sql: string;
  type: FieldType;
  /** Sortable fields must be non-null expressions (keyset paging compares them). */
  sortable?: boolean;
  /** When ordering needs another expression than filtering (e.g. a case-insensitive, C-collated key an index serves). */
  sortSql?: string;
  /**
   * For a text column under a trigram index: the parts of a `$contains`/`$endsWith` text to look up
   * in the index (rarer substrings of it), the whole text then checked on the rows found; undefined
   * looks the whole text up.
   */
  lookupParts?: (text: string) => string[] | undefined;
  /** For `items` fields (`sql` unused). */
  items?: ItemsSpec;
  /** The values an enum-like string field holds (documentation only: any other string matches nothing; it is not refused). */
  values?: readonly string[];
}

export interface QuerySpec {
  /** Names the entity in cursors, so a cursor from one query cannot be replayed on another. */
  entity: string;
  fields: Record<string, FieldSpec>;
  /** The unique, non-null tie-breaker appended to every sort (an id column). */
  idSql: string;
  /** The id column's type, to check cursor values against (uuid unless said otherwise). */
  idType?: FieldType;
  defaultSort: readonly { fieldName: string; order: 'ASC' | 'DESC' }[];
}
