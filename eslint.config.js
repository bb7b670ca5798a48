import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const onlyDataModules = { name: '@supabase/supabase-js', message: 'Only shared/data/ talks to Supabase.' }

/** Folder boundaries (docs: ARCHITECTURE): each folder lists what it must not import. */
const boundary = (message, groups, { allowSupabase = false } = {}) => ({
  'no-restricted-imports': [
    'error',
    { paths: allowSupabase ? [] : [onlyDataModules], patterns: [{ group: groups, message }] },
  ],
})

export default tseslint.config(
  { ignores: ['dist', 'out', 'release', '.data*', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['shared/**'],
    rules: boundary('shared/ must not import site/, desktop/ or server/', [
      '**/site/**',
      '**/desktop/**',
      '**/server/**',
      '@site/*',
    ]),
  },
  {
    files: ['shared/data/**'],
    rules: boundary(
      'shared/ must not import site/, desktop/ or server/',
      ['**/site/**', '**/desktop/**', '**/server/**', '@site/*'],
      {
        allowSupabase: true,
      },
    ),
  },
  { files: ['site/**'], rules: boundary('site/ may import only shared/', ['**/desktop/**', '**/server/**']) },
  {
    files: ['desktop/**'],
    rules: boundary('desktop/ may import only shared/', ['**/site/**', '**/server/**', '@site/*']),
  },
  {
    files: ['server/**'],
    rules: boundary('server/ may import only shared/', ['**/site/**', '**/desktop/**', '@site/*']),
  },
)
