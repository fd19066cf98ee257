import { Email, OptionalText, Password, PersonName, text } from './common.js';

/*
 * The field sets of a new account, shared by registration (`RegisterBody`) and an administrator's
 * new user (`CreateUserBody`): spread into their `z.strictObject` shapes, so each field is defined
 * once. Internal to the contract (not exported by the index); the schemas made from them are the
 * public surface. A body with `passwordFields` also takes `.superRefine(confirmPassword)`.
 */

/** Who the account is for. */
export const personFields = {
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
};

/** Optional details about the person (each may be null or left out). */
export const personDetailFields = {
  company: OptionalText,
  country: OptionalText,
  phone: OptionalText,
  position: OptionalText,
};

/** A new password, typed twice. */
export const passwordFields = {
  password: Password,
  password_confirmation: text(),
};
