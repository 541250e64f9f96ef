/** Languages written right to left (templates/style.css names them too, for a text in another language than its page's). */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'he', 'fa', 'ur'];
const RTL = new Set(RTL_LANGUAGES);

export const directionOf = (locale: string): 'ltr' | 'rtl' => (RTL.has(locale.split('-')[0]!) ? 'rtl' : 'ltr');
