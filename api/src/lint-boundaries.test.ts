// The architecture's import boundaries are lint errors (eslint.config.mjs at the repository
// root, `npm run lint`): this lints made-up files at real places and checks which rules answer.
// ESLint loads its config with import(), which jest's module loader cannot run, so the ESLint
// Node API runs in a child Node process, once for every case.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.join(__dirname, '..', '..');

interface Case {
  name: string;
  /** Where the made-up file is, from the repository root (it need not exist). */
  file: string;
  code: string;
  /** The rules that must report (each at least once); none for an allowed import. */
  errors: string[];
}

const PATHS = 'import-x/no-restricted-paths';
const NAMES = '@typescript-eslint/no-restricted-imports';
const ESCAPE = 'local/no-relative-escape';
const MODULE_CYCLE = 'local/no-module-cycle';

const CASES: Case[] = [
  {
    name: "a remote importing another remote's source by path",
    file: 'mfe-study/src/features/x.ts',
    code: "import { App } from '../../../mfe-cards/src/App';\nexport const x = App;\n",
    errors: [PATHS, ESCAPE],
  },
  {
    name: 'a remote importing another remote by package name',
    file: 'mfe-study/src/x.ts',
    code: "import * as cards from '@flashcard/mfe-cards';\nexport const x = cards;\n",
    errors: [NAMES],
  },
  {
    name: "a remote importing the shell's source",
    file: 'mfe-cards/src/x.ts',
    code: "import { RouteGuard } from '../../shell/src/auth/RouteGuard';\nexport const x = RouteGuard;\n",
    errors: [PATHS, ESCAPE],
  },
  {
    name: 'a remote importing API source',
    file: 'mfe-cards/src/x.ts',
    code: "import { buildApp } from '../../api/src/app';\nexport const x = buildApp;\n",
    errors: [PATHS, ESCAPE],
  },
  {
    name: "a remote importing the kernel's files instead of the kernel",
    file: 'mfe-cards/src/x.ts',
    code: "import { apiClient } from '@flashcard/shared-auth/src/client';\nexport const x = apiClient;\n",
    errors: [NAMES],
  },
  {
    name: 'a remote importing its own files, the kernel, the UI package, the contract and npm packages',
    file: 'mfe-cards/src/x.tsx',
    code: [
      "import { useState } from 'react';",
      "import { useAuthStore } from '@flashcard/shared-auth';",
      "import * as contract from '@flashcard/api-contract';",
      "import { Spinner } from '@flashcard/shared-ui';",
      "import '@flashcard/shared-ui/src/styles.css';",
      "import { App } from './App';",
      'export const x = [useState, useAuthStore, contract, Spinner, App];',
      '',
    ].join('\n'),
    errors: [],
  },
  {
    name: 'the shell importing a remote by package name and by path',
    file: 'shell/src/x.ts',
    code: "import * as cards from '@flashcard/mfe-cards';\nimport { App } from '../../mfe-cards/src/App';\nexport const x = [cards, App];\n",
    errors: [NAMES, PATHS, ESCAPE],
  },
  {
    name: "an API module importing another module's file",
    file: 'api/src/modules/study/x.ts',
    code: "import { CardsRepository } from '../cards/repository';\nexport const x = CardsRepository;\n",
    errors: [PATHS],
  },
  {
    name: 'an API module importing another module through its index, and api/src/lib',
    file: 'api/src/modules/study/x.ts',
    code: "import { CardsRepository } from '../cards';\nimport { parseId } from '../../lib/params';\nexport const x = [CardsRepository, parseId];\n",
    errors: [],
  },
  {
    name: "app.ts importing a module's file",
    file: 'api/src/app.ts',
    code: "import studyRoutes from './modules/study/routes';\nexport const x = studyRoutes;\n",
    errors: [PATHS],
  },
  {
    name: "a command-line tool (or its test) importing a module's file",
    file: 'api/src/cli/x.test.ts',
    code: "import { PlatformRepository } from '../modules/platform/repository';\nexport const x = PlatformRepository;\n",
    errors: [PATHS],
  },
  {
    name: 'app.ts importing modules through their index',
    file: 'api/src/app.ts',
    code: "import { studyRoutes } from './modules/study';\nimport { PlatformRepository } from './modules/platform';\nexport const x = [studyRoutes, PlatformRepository];\n",
    errors: [],
  },
  {
    name: 'an API module importing a module that depends on it (a cycle between folders), even for types',
    file: 'api/src/modules/cards/x.ts',
    code: "import type { StudyServices } from '../study';\nexport type X = StudyServices;\n",
    errors: [MODULE_CYCLE],
  },
  {
    name: 'the schemas importing axios, the kernel or calls/',
    file: 'api-contract/src/schemas/x.ts',
    code: [
      "import axios from 'axios';",
      "import { apiClient } from '@flashcard/shared-auth';",
      "import * as calls from '../calls/call';",
      'export const x = [axios, apiClient, calls];',
      '',
    ].join('\n'),
    errors: [NAMES, PATHS],
  },
  {
    name: 'the kernel importing api-contract code',
    file: 'shared-auth/src/x.ts',
    code: "import * as contract from '@flashcard/api-contract';\nexport const x = contract;\n",
    errors: [NAMES],
  },
  {
    name: 'the kernel importing api-contract types',
    file: 'shared-auth/src/x.ts',
    code: "import type { User } from '@flashcard/api-contract/schemas';\nexport type X = User;\n",
    errors: [],
  },
];

/** The rules that reported on each case, linted by ESLint's Node API with the repository's config. */
function lintCases(cases: Case[]): string[][] {
  const script = `
    import { readFileSync } from 'node:fs';
    import path from 'node:path';
    import { ESLint } from 'eslint';
    const cases = JSON.parse(readFileSync(0, 'utf8'));
    const eslint = new ESLint({ cwd: process.cwd() });
    const answers = [];
    for (const { file, code } of cases) {
      const [result] = await eslint.lintText(code, { filePath: path.join(process.cwd(), file) });
      answers.push(result.messages.map((message) => message.ruleId ?? 'fatal: ' + message.message));
    }
    process.stdout.write(JSON.stringify(answers));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    input: JSON.stringify(cases),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output) as string[][];
}

describe('import boundaries (npm run lint)', () => {
  let reported: string[][];

  beforeAll(() => {
    reported = lintCases(CASES);
  }, 120_000);

  it.each(CASES.map((c, index) => [c.name, index] as const))('%s', (_name, index) => {
    const { errors } = CASES[index]!;
    const rules = [...new Set(reported[index])].sort();
    if (errors.length === 0) expect(rules).toEqual([]);
    // Each expected rule reports; nothing else does (no parse error, no unrelated rule).
    else expect(rules).toEqual([...errors].sort());
  });
});
