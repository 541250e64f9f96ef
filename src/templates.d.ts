// What scripts/site-modules.js makes of the HTML site's sources when statuspress is built.
declare module '*.hbs' {
  /**
   * A precompiled Handlebars template as text, each word of the catalogue it prints (`{{t.nav.status}}`)
   * marked as `\uE000nav.status\uE001` for the build to write a language's word in, and the hash of its source.
   */
  const template: {
    /** Its form for the pages of a site's default language: without its `{{#if lang}} lang="{{lang}}"{{/if}}` (texts in the default language, on a language's copy only). */
    untranslated: string;
    /** That with its blocks on `plainPage`'s fields resolved, for a page whose context has them so; null when no different. */
    plain: string | null;
    /** Whether a language's copy of the site takes a form of its own (`?copy`), else `untranslated`. */
    copied: boolean;
    /** The fields of a page's context `plain` assumes, and whether each is there (truthy). */
    plainPage: Record<string, boolean>;
    hash: string;
  };
  export default template;
}
declare module '*.hbs?copy' {
  /** The whole template, the same marked text, for a language's copy of the site; null when that is its `untranslated` form. */
  const spec: string | null;
  export default spec;
}
declare module '*?raw' {
  const text: string;
  export default text;
}
declare module '*?browser' {
  /** The minified browser bundle, as text. */
  const code: string;
  export default code;
}
declare module '*?worker' {
  /** The module bundled with what it imports into one CommonJS script, as text (new Worker(code, { eval: true })). */
  const code: string;
  export default code;
}
declare module '*?source-worker' {
  /** The same as `?worker` under the tests; null in lib/, where the module starts its worker from its own bundled file. */
  const code: string | null;
  export default code;
}
