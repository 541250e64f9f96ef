/** Languages written right to left. */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export const directionOf = (locale: string): 'ltr' | 'rtl' => (RTL.has(locale.split('-')[0]!) ? 'rtl' : 'ltr');
