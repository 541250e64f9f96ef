// What scripts/site-modules.js makes of the HTML site's sources when statuspress is built.
declare module '*.hbs' {
  /**
   * A precompiled Handlebars template as text, each word of the catalogue it prints (`{{t.nav.status}}`)
   * marked as `\uE000nav.status\uE001` for the build to write a language's word in, and the hash of its source.
   */
  const template: { spec: string; hash: string };
  export default template;
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
declare module '*?source-worker' {
  /** Under the tests, the module bundled with what it imports into one CommonJS script, as text; null in lib/, where the module starts its worker from its own bundled file. */
  const code: string | null;
  export default code;
}
