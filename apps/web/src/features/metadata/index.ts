/** What other features reuse: the input of one brand field and the brand's fields with their options. */
export { FieldInput } from './FieldInput';
export type { FieldInputProps } from './FieldInput';
export { FieldValuesList } from './FieldValuesList';
export { useBrandFields } from './useBrandFields';
export type { BrandFields } from './useBrandFields';
export { fieldLabel, optionLabel, optionPaths, isEmptyValue } from './labels';
