export { noticeEffect, stateEffect } from './components.js';
export { CALENDAR_PAST_MS, onCalendar, onPastWeek, RECENT_DAYS, RECENT_MS, recentSince } from './notices.js';
export { deriveSite } from './site.js';
export { nextChange, pendingMoments, reminderMoments } from './next-change.js';
export type { Moment, MomentKind, ReminderMoment } from './next-change.js';
export { isPublished, publishedContent } from './updates.js';
export type { DerivedComponent, DerivedNotice, DerivedSite, DerivedUpdate, Fallback, SiteLocale, Span } from './types.js';
export { localizeSite, siteLocales } from './localize.js';
