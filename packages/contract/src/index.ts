// First: zod's settings must be in place before any schema is made.
import './zodSetup.js';
export * from './constants.js';
export * from './permissions.js';
export * from './errors.js';
export * from './fieldMessages.js';
export * from './routes.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/users.js';
export * from './schemas/brands.js';
export * from './schemas/folders.js';
export * from './schemas/assets.js';
export * from './schemas/search.js';
export * from './schemas/collections.js';
export * from './schemas/shareLinks.js';
export * from './schemas/jobs.js';
export * from './schemas/audit.js';
export * from './schemas/shortcuts.js';
