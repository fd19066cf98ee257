// The ten brand fields the fields bench seeds and queries.
export interface FieldSpec {
  key: string;
  label: string;
  type: 'text' | 'number' | 'date' | 'boolean' | 'url' | 'select' | 'multi_select' | 'tree';
  /** Options of a flat list (select, multi select). */
  options?: number;
  /** Share of assets holding a value. */
  fill: number;
  filter?: boolean;
  required?: boolean;
}

/** The three selects are the brand's filters (their facets are timed); the rest filter without facets. */
export const FIELD_SPECS: readonly FieldSpec[] = [
  { key: 'campaign', label: 'Campaign', type: 'select', options: 60, fill: 0.9, filter: true, required: true },
  { key: 'product_line', label: 'Product line', type: 'select', options: 25, fill: 0.6, filter: true },
  { key: 'status', label: 'Status', type: 'select', options: 5, fill: 1, filter: true },
  { key: 'channels', label: 'Channels', type: 'multi_select', options: 12, fill: 0.7 },
  { key: 'region', label: 'Region', type: 'tree', fill: 0.8 },
  { key: 'budget', label: 'Budget', type: 'number', fill: 0.5 },
  { key: 'shoot_date', label: 'Shoot date', type: 'date', fill: 0.7 },
  { key: 'photographer', label: 'Photographer', type: 'text', fill: 0.4 },
  { key: 'approved', label: 'Approved', type: 'boolean', fill: 1 },
  { key: 'source', label: 'Source', type: 'url', fill: 0.3 },
];

/** Region tree: 5 regions × 6 areas × 8 countries; values are countries. */
export const TREE_SHAPE = [5, 6, 8] as const;
