/** The product search's wire, as the catalog's search tests read it (test support, not a test). */
export interface Option {
  id: string;
  name: string;
  choicesSettings: { choices: { choiceId: string; name: string }[] };
}
export interface Product {
  id: string;
  name: string;
  slug: string;
  options: Option[];
  actualPriceRange: { minValue: { amount: string }; maxValue: { amount: string } };
  inventory: { availabilityStatus: string };
  allCategoriesInfo?: { categories: { id: string }[] };
}
export interface Result {
  name?: string;
  type: string;
  fieldPath: string;
  values?: { results: { value: string; count: number }[] };
  scalar?: { type: string; value?: number };
  ranges?: { results: { from?: number; to?: number; count: number }[] };
  dateHistogram?: { results: { value: string; count: number }[] };
}
export interface Page {
  products: Product[];
  pagingMetadata: { cursors: { next: string | null } };
  aggregationData?: { results: Result[] };
}
