// What scripts/site-modules.js makes of the HTML site's sources when statuspress is built.
declare module '*.hbs' {
  /** A precompiled Handlebars template, and the hash of its source. */
  const template: { spec: unknown; hash: string };
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
