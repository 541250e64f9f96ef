export { route } from './parse.js';
export type { Route } from './parse.js';
export { apiFilePath, STATE_DIR, STATE_FILE } from './files.js';
export { apiHref, API_PREFIX } from './href.js';
export { ApiError, badRequest, notFound } from './request.js';
export type { ApiRequest, ComponentFilter, NoticeFilter, TimelineFilter, Timeframe } from './request.js';
