// Type-aware lint: the rules that catch what tsc cannot (floating promises, non-exhaustive switches).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  // Everything a build, `npm start`, `dev` or the tests write (test/regressions/outputs-ignored.test.ts).
  {
    ignores: ['lib/**', 'lib.*/**', 'dist/**', 'dist.*/**', '**/.statuspress.lock*', 'node_modules/**', 'coverage/**', '.bench/**', '.scratch/**', 'artifacts/**', 'test/fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: globals.node },
  },
);
