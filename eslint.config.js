import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['bench/**', 'scripts/**', 'apps/server/src/main.ts', 'apps/server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
  // The React apps and their UI kit: browser globals, the rules of hooks, TanStack Query's rules.
  {
    files: ['apps/{hosted,storefront,dashboard}/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: { ...reactHooks.configs.recommended.rules, ...pluginQuery.configs.recommended.rules },
  },
  // What runs in a browser takes only types from the contract's root: a value from it brings zod and
  // every schema into the page (180 KB), and zod's eval probe breaks the pages' CSP. Values it needs
  // come from the contract's small entry points (`@vitrine/contract/address-text`, …).
  {
    files: ['apps/{hosted,storefront,dashboard}/src/**/*.{ts,tsx}', 'packages/{ui,sdk}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@vitrine/contract',
              message:
                'Browser code imports only types from the contract root; use a subpath export for values.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
