// The content's data as read, before validation: whatever YAML a file held. A module of its own,
// importing nothing, so that code outside the content stage (render/site/ahead.ts, in the process of a
// site's own templates) can look at that data without loading the parsers.

/** Whether data as read is a mapping (not a list, a scalar or null). */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
