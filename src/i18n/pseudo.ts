// The pseudo-locale: English with every message, date and number wrapped in ⟦…⟧, so a test finds any
// text a template prints that no catalogue gave it.
export const PSEUDO_LOCALE = 'en-XA';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
