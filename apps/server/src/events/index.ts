export { emit } from './emit.js';
export type { EventName, EventPayload, Events } from './catalogue.js';
export { subscribe } from './subscribe.js';
export type { Subscription } from './subscribe.js';
