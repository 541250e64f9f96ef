// The content's data as read, before validation: whatever YAML a file held.

/** Whether data as read is a mapping (not a list, a scalar or null). */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
