/**
 * Secrets are never relayed: a free-text step whose question asks for one is manual, so is a
 * hidden-input prompt, and credentials in what a permission shows are masked for display.
 * The screens are real captures with the question's words changed, as a model could ask them.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { recognize, type AgentKind } from '../../../src/adapters/recognize';
import { SECRET_REASON, asksForSecret, maskCredentials, waitsForHiddenInput } from '../../../src/adapters/secrets';
import type { ListWindow, ScreenSnapshot } from '../../../src/adapters/types';
import { assembleList } from '../../../src/adapters/list-window';
import { selfContainedRows } from '../../../src/server/sessions/tmux/styled-lines';
import { FIXTURES } from '../../../src/qualify/corpus/fixture-corpus';
import { readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

function screenOf(rel: string, replace: [string, string]): ScreenSnapshot {
  const read = (ext: string): string[] => {
    const raw = readCorpusFile(join(FIXTURES, `${rel}${ext}`));
    const text = (ext === '.ansi.txt' ? selfContainedRows(raw) : raw).split(replace[0]).join(replace[1]);
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    return lines;
  };
  const size = /(\d+)x(\d+)/.exec(rel) ?? ['', '120', '40'];
  return { plain: read('.txt'), styled: read('.ansi.txt'), cols: Number(size[1]), rows: Number(size[2]) };
}

const FREE_TEXT_STEPS: Array<{ agent: AgentKind; version: string; rel: string; question: string }> = [
  {
    agent: 'claude',
    version: '2.1.332',
    rel: 'claude/2.1.332/120x40/12-free-text',
    question: 'What should the project be called?',
  },
  {
    agent: 'codex',
    version: '0.171.0',
    rel: 'codex/0.171.0/120x40/08-notes',
    question: 'Which language should the worker be written in?',
  },
];

describe('secrets are never relayed', () => {
  for (const f of FREE_TEXT_STEPS) {
    it(
      `${f.agent} ${f.version}: a free-text step is answerable, ` + 'and manual once its question asks for a secret',
      () => {
        const plain = recognize(f.agent, f.version, screenOf(f.rel, ['', '']));
        assert.equal(plain.kind, 'questionnaire');
        // Same length, so the frame stays exactly as drawn.
        const secret = 'What is the deploy API token?'.padEnd(f.question.length, '?').slice(0, f.question.length);
        const asked = recognize(f.agent, f.version, screenOf(f.rel, [f.question, secret]));
        assert.deepEqual(asked, { kind: 'manual_required', reason: SECRET_REASON });
      },
    );
  }

  describe('Gemini CLI 0.61.0: the same password question drawn whole and drawn as a scrolled list', () => {
    const dir = 'gemini/0.61.0/80x24';
    const windowOf = (rel: string, replace: [string, string]): ListWindow => {
      const r = recognize('gemini', '0.61.0', screenOf(`${dir}/${rel}`, replace));
      assert.ok(r.kind === 'manual_required' && r.window, `${rel}: no window: ${JSON.stringify(r).slice(0, 200)}`);
      return r.window;
    };
    const scrolledEditor = (replace: [string, string]) =>
      assembleList(windowOf('30-question-last-row', replace), [
        windowOf('29-question', replace),
        windowOf('31-question-window', replace),
      ]);

    it('drawn whole, with its free-text editor open: answerable, and manual once it asks for a password', () => {
      const drawn = 'How should the change roll out?';
      const plain = recognize('gemini', '0.61.0', screenOf(`${dir}/36-question-editing`, ['', '']));
      assert.ok(plain.kind === 'questionnaire' && plain.question.responseKind === 'free_text', JSON.stringify(plain));
      const asked = recognize(
        'gemini',
        '0.61.0',
        screenOf(`${dir}/36-question-editing`, [drawn, 'Which password should it use?'.padEnd(drawn.length)]),
      );
      assert.deepEqual(asked, { kind: 'manual_required', reason: SECRET_REASON });
    });

    it('assembled from the windows of a scrolled list, with its editor open: the same check, manual', () => {
      const drawn = 'Which database should the service use?';
      const plain = scrolledEditor(['', '']);
      assert.ok(plain.kind === 'questionnaire' && plain.question.responseKind === 'free_text', JSON.stringify(plain));
      const asked = scrolledEditor([drawn, 'Which database password should it use?'.padEnd(drawn.length)]);
      assert.deepEqual(asked, { kind: 'manual_required', reason: SECRET_REASON });
    });
  });

  it('a manual reason that quotes what the screen drew has its credentials masked', () => {
    const rel = 'claude/2.1.332/80x24/32-permission-bash';
    const title = ' Bash command';
    const drawn = ' DB_PASSWORD=hunter2hunter2';
    const r = recognize('claude', '2.1.332', screenOf(rel, [`\n${title}\n`, `\n${drawn}\n`]));
    assert.equal(r.kind, 'manual_required');
    assert.ok(r.kind === 'manual_required' && r.reason.includes('unsupported permission prompt'), JSON.stringify(r));
    assert.ok(
      r.kind === 'manual_required' && !r.reason.includes('hunter2'),
      r.kind === 'manual_required' ? r.reason : '',
    );
  });

  it('asks for a secret by its words, not by any word', () => {
    for (const q of [
      'What is your API key?',
      'Enter the database password',
      'Paste the access token',
      'Which passphrase protects the key?',
      'Type the 2FA code',
      'Your PIN?',
    ]) {
      assert.ok(asksForSecret(q), q);
    }
    for (const q of [
      'Which database should the service use?',
      'What should the project be called?',
      'Which version should we pin?',
      'Which keyboard layout?',
    ]) {
      assert.ok(!asksForSecret(q), q);
    }
  });

  it('sees a hidden-input prompt on the last line with text', () => {
    assert.ok(waitsForHiddenInput(['$ sudo ls', '[sudo] password for alice: ', '', '']));
    assert.ok(waitsForHiddenInput(["Enter passphrase for key '/home/a/.ssh/id_ed25519': "]));
    assert.ok(waitsForHiddenInput(['Password:']));
    assert.ok(!waitsForHiddenInput(['Password: set', '❯ 1. Yes']));
    assert.ok(!waitsForHiddenInput(['Which password manager do you use?']));
  });

  it('masks credentials in what a permission shows, and leaves the rest as drawn', () => {
    const cases: Array<[string, string]> = [
      [
        'curl -H "Authorization: Bearer sk-abcdefghijklmnop1234" https://api.example.com',
        'curl -H "Authorization: Bearer ••••••" https://api.example.com',
      ],
      ['export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123', 'export GITHUB_TOKEN=••••••'],
      ['mysql -u root -phunter2 db', 'mysql -u root -p•••••• db'],
      ['git clone https://alice:s3cr3t@example.com/repo.git', 'git clone https://alice:••••••@example.com/repo.git'],
      ['psql --password hunter2 -h db', 'psql --password •••••• -h db'],
      ['DB_PASSWORD="two words" ./run.sh', 'DB_PASSWORD=•••••• ./run.sh'],
      ['aws s3 ls # AKIAABCDEFGHIJKLMNOP', 'aws s3 ls # ••••••'],
      ['touch approved.txt', 'touch approved.txt'],
      ['echo the token is ready', 'echo the token is ready'],
      ['git commit -m "rotate keys"', 'git commit -m "rotate keys"'],
    ];
    for (const [shown, masked] of cases) assert.equal(maskCredentials(shown), masked, shown);
  });
});
