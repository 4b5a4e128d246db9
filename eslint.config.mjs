// Lint rules; warnings are fatal (npm run lint uses --max-warnings 0).
// The import rules back up what each layer's tsconfig already refuses to compile.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscode = { name: 'vscode', message: 'vscode may be imported only in src/extension.' };
const noTest = { group: ['**/test/**'], message: 'Nothing the product ships comes from test/.' };
const nodePatterns = {
  group: ['node:*', 'fs', 'path', 'child_process', 'os', 'crypto', 'net', 'process'],
  message: 'src/adapters and src/shared are pure: no Node.js modules.',
};

export default tseslint.config(
  {
    ignores: [
      'src/forbidden-imports/**',
      '.akk-scratch/**',
      'dist/**',
      'out/**',
      'node_modules/**',
      'tools/**',
      'dist-vsix/**',
      'test-artifacts/**',
      'fixtures/**',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/adapters/**/*.ts', 'src/agents/*/recognize/**/*.ts', 'src/shared/**/*.ts', 'media/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noVscode],
          patterns: [
            nodePatterns,
            noTest,
            {
              group: ['**/server/**', '**/extension/**'],
              message: 'Imports flow extension -> shared <- server -> adapters.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noVscode],
          patterns: [noTest, { group: ['**/extension/**'], message: 'The server never imports the extension.' }],
        },
      ],
    },
  },
  {
    // The MCP program and the hook program talk to a server over its socket.
    files: ['src/mcp/**/*.ts', 'src/hook/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noVscode],
          patterns: [
            noTest,
            {
              group: ['../server/**', '../adapters/**', '../extension/**', '../qualify/**', '../agents/**'],
              message: 'The MCP and hook programs reach a server over its socket and see only src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/qualify/**/*.ts', 'src/agents/*/qualify/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noVscode],
          patterns: [
            noTest,
            { group: ['**/extension/**'], message: 'Qualification runs beside the server, never in the editor.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/extension/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noTest,
            {
              group: ['**/server/**', '**/adapters/**'],
              message: 'The extension speaks to the server only through src/shared/protocol.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
