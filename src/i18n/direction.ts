/** Languages written right to left (templates/style.css names them too, for a text in another language than its page's). */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export const directionOf = (locale: string): 'ltr' | 'rtl' => (RTL.has(locale.split('-')[0]!) ? 'rtl' : 'ltr');
