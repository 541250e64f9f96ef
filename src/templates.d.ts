// Handlebars templates are compiled when statuspress is built (scripts/handlebars-template.js): an
// import of a `.hbs` file gives the compiled template.
declare module '*.hbs' {
  import type { TemplateDelegate } from 'handlebars';
  const template: TemplateDelegate;
  export default template;
}
