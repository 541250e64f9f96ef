/**
 * handlebars-template.js: turns a Handlebars template (`.hbs`) into an ES module whose default export
 * is the compiled template, for the bundler (scripts/build-lib.js) and the tests (vitest.config.ts)
 * alike. Compiling when statuspress is built rather than on every `statuspress build` keeps
 * Handlebars' compiler out of the CLI: compiling the one front-page template took 25-35 ms of each
 * build, and only the much smaller runtime is loaded now.
 */
import Handlebars from 'handlebars';

/** Same options as Handlebars.compile would get: strict, so a misspelt field is an error, not an empty string. */
const TEMPLATE_OPTIONS = { strict: true };

/** The source of an ES module exporting the compiled template. */
export function templateModule(source) {
  const spec = Handlebars.precompile(source, TEMPLATE_OPTIONS);
  return `import Handlebars from 'handlebars/runtime.js';\nexport default Handlebars.template(${spec});\n`;
}
