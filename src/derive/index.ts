export { deriveSite } from './site.js';
export { nextChange, pendingMoments } from './next-change.js';
export type { Moment, MomentKind } from './next-change.js';
export type { DerivedComponent, DerivedNotice, DerivedSite, DerivedUpdate, Span } from './types.js';
