export { deriveSite } from './site.js';
export type { DerivedComponent, DerivedNotice, DerivedSite, DerivedUpdate, Span } from './types.js';
