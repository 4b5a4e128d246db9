/**
 * Gemini CLI 0.61.0's tool confirmations, on screens the real client drew at four sizes
 * (scripts/qualify/capture-screens.ts): what each one asks comes from the capture's
 * scenario (capture-scenario.ts), the rows that may be chosen from the dialog's own words. A
 * confirmation read exactly offers "once" and "no" by their digits and never a row that allows
 * more; any screen that is not drawn exactly as the profile says is left to the terminal.
 */
import { strict as assert } from 'node:assert';
import { recognizeGeminiPermission } from '../../../src/agents/gemini/recognize/permission';
import type { PermissionRecognition, ScreenSnapshot } from '../../../src/adapters/types';
import {
  GEMINI_EDIT,
  GEMINI_FETCH,
  GEMINI_MCP,
  GEMINI_SHELL,
  GEMINI_SHELL_MOVED,
  GEMINI_SHELL_WRAPPED,
  GEMINI_WRITE,
} from '../../../src/agents/gemini/qualify/capture-scenario';
import { GEMINI_PROFILE as PROFILE, GEMINI_SIZES as SIZES, geminiScreen } from './gemini-screens';

const screen = geminiScreen;

const recognise = (s: ScreenSnapshot) => recognizeGeminiPermission(s, PROFILE);

/** Whether the client hid part of the dialog's body for want of rows (its own words on screen). */
const hides = (s: ScreenSnapshot): boolean => s.plain.some((l) => /first \d+ lines? hidden/.test(l));

/** The permission on the screen, asserted to be one. */
function permission(s: ScreenSnapshot) {
  const r = recognise(s);
  assert.ok(r?.kind === 'permission', `not a permission: ${JSON.stringify(r)}`);
  return r;
}

/** The digit of `label` among `rows`, counted from the scenario's knowledge of the dialog. */
const digitOf = (rows: readonly string[], label: string): string => String(rows.indexOf(label) + 1);

function offersOnceAndNo(s: ScreenSnapshot, rows: readonly string[]): void {
  const r = permission(s);
  assert.deepEqual(r.decisions, ['approve_once', 'reject']);
  assert.deepEqual(r.plan.approve_once, [
    { action: { keys: [digitOf(rows, 'Allow once')] }, expect: { kind: 'prompt_changed' } },
  ]);
  assert.deepEqual(r.plan.reject, [
    { action: { keys: [digitOf(rows, 'No, suggest changes (esc)')] }, expect: { kind: 'prompt_changed' } },
  ]);
}

const SHELL_ROWS = ['Allow once', 'Allow for this session', 'No, suggest changes (esc)'];
const FILE_ROWS = ['Allow once', 'Allow for this session', 'Modify with external editor', 'No, suggest changes (esc)'];
const MCP_ROWS = [
  'Allow once',
  'Allow tool for this session',
  'Allow all server tools for this session',
  'No, suggest changes (esc)',
];

/** The file dialogs and the action dialogs: what each shows, from the capture's scenario. */
const DIALOGS: Array<{
  state: string;
  what: string;
  tool: string;
  subject: string;
  rows: readonly string[];
  preview: (p: PermissionRecognition['preview']) => void;
}> = [
  {
    state: 'permission-edit',
    what: 'an edit: the file and the change as drawn, and its diff',
    tool: 'edit',
    subject: `${GEMINI_EDIT.file}: ${GEMINI_EDIT.old_string} => ${GEMINI_EDIT.new_string}`,
    rows: FILE_ROWS,
    preview: (p) =>
      assert.deepEqual(p, {
        kind: 'lines',
        lines: ['1   title: release', `2 - ${GEMINI_EDIT.old_string}`, `2 + ${GEMINI_EDIT.new_string}`],
      }),
  },
  {
    state: 'permission-write',
    what: 'a file write: the file, and its lines as drawn',
    tool: 'write',
    subject: GEMINI_WRITE.file,
    rows: FILE_ROWS,
    preview: (p) =>
      assert.deepEqual(p, {
        kind: 'lines',
        lines: GEMINI_WRITE.content
          .trimEnd()
          .split('\n')
          .map((l, i) => `${i + 1} ${l}`),
      }),
  },
  {
    state: 'permission-fetch',
    what: 'a fetch: the URL, and the prompt as drawn',
    tool: 'web_fetch',
    subject: GEMINI_FETCH.url,
    rows: SHELL_ROWS,
    preview: (p) => assert.ok(p?.kind === 'lines' && p.lines.includes(` - ${GEMINI_FETCH.url}`)),
  },
  {
    state: 'permission-mcp',
    what: 'an MCP tool: its server and name; "allow the tool" and "allow the server" are never offered',
    tool: 'mcp',
    subject: `${GEMINI_MCP.server} — ${GEMINI_MCP.tool}`,
    rows: MCP_ROWS,
    preview: (p) => assert.ok(p?.kind === 'lines' && p.lines[0]?.includes(GEMINI_MCP.args.title)),
  },
];

for (const size of SIZES) {
  describe(`Gemini CLI 0.61.0 tool confirmations at ${size}`, () => {
    it('the idle screen is no confirmation', () => {
      assert.equal(recognise(screen(size, 'idle')), undefined);
    });

    it('a shell command: the exact command, once by its digit or no by its digit', () => {
      const s = screen(size, 'permission-shell');
      const r = permission(s);
      assert.equal(r.tool, 'bash');
      assert.equal(r.subject, GEMINI_SHELL.command);
      offersOnceAndNo(s, SHELL_ROWS);
    });

    it('the cursor moved to the second row is another screen, still answered by the same digits', () => {
      const first = permission(screen(size, 'permission-shell-again'));
      const moved = permission(screen(size, 'permission-shell-second-row'));
      assert.equal(first.subject, GEMINI_SHELL_MOVED.command);
      assert.equal(moved.subject, GEMINI_SHELL_MOVED.command);
      assert.notEqual(moved.fingerprintSource, first.fingerprintSource);
      offersOnceAndNo(screen(size, 'permission-shell-second-row'), SHELL_ROWS);
    });

    it('a command too long for one row of its box is left to the terminal; one that fits is answered', () => {
      const s = screen(size, 'permission-shell-wrapped');
      // The box's text is 8 cells narrower than the terminal (two borders, two paddings, twice).
      const fits = GEMINI_SHELL_WRAPPED.command.length <= Number(size.split('x')[0]) - 8 && !hides(s);
      const r = recognise(s);
      if (fits) assert.equal(permission(s).subject, GEMINI_SHELL_WRAPPED.command);
      else assert.equal(r?.kind, 'manual_required', JSON.stringify(r));
    });

    for (const c of DIALOGS) {
      it(`${c.what}; left to the terminal where its lines are hidden`, () => {
        const s = screen(size, c.state);
        if (hides(s)) return assert.equal(recognise(s)?.kind, 'manual_required');
        const r = permission(s);
        assert.equal(r.tool, c.tool);
        assert.equal(r.subject, c.subject);
        c.preview(r.preview);
        offersOnceAndNo(s, c.rows);
      });
    }
  });
}

describe('Gemini CLI 0.61.0: a confirmation drawn otherwise is left to the terminal', () => {
  const base = screen('80x24', 'permission-shell');
  const edited = (from: string, to: string | null): ScreenSnapshot => {
    const i = base.plain.findIndex((l) => l.includes(from));
    assert.ok(i >= 0, `the screen has no line with ${JSON.stringify(from)}`);
    const plain = [...base.plain];
    if (to === null) plain.splice(i, 1);
    else plain[i] = (plain[i] ?? '').replace(from, to);
    return { ...base, plain, styled: undefined };
  };
  const cases: Array<[string, ScreenSnapshot]> = [
    ['the "once" row says more', edited('1. Allow once     ', '1. Allow once too')],
    ['a fourth row', edited('│   3. No, suggest changes (esc)   ', '│   3. Allow always                ')],
    ['the cursor on two rows', edited('│   2. Allow', '│ ● 2. Allow')],
    ['another question', edited('Allow execution of [Shell]?', 'Allow execution of [Bash]? ')],
    ['the box names another command than the title', edited('│ │ touch approved.txt', '│ │ touch elsewhere.txt')],
    ['a row one cell wider', edited('Allow for this session ', 'Allow for this session  ')],
  ];
  for (const [what, s] of cases) {
    it(`is manual: ${what}`, () => {
      assert.equal(recognise(s)?.kind, 'manual_required', JSON.stringify(recognise(s)));
    });
  }

  it('is manual when the box has lost its top row (scrolled out of sight)', () => {
    const top = base.plain.findIndex((l) => l.startsWith('╭'));
    const s = { ...base, plain: base.plain.slice(top + 1), styled: undefined };
    assert.equal(recognise(s)?.kind, 'manual_required');
  });

  it('is manual without the blank line above the rows', () => {
    const i = base.plain.findIndex((l) => l.includes('● 1. Allow once'));
    const plain = [...base.plain.slice(0, i - 1), ...base.plain.slice(i)];
    assert.equal(recognise({ ...base, plain, styled: undefined })?.kind, 'manual_required');
  });

  it("a finished tool's box at the bottom is no confirmation", () => {
    const after = screen('80x24', 'permission-shell-again');
    const end = after.plain.findIndex((l) => l.startsWith('╰')) + 1;
    assert.equal(recognise({ ...after, plain: after.plain.slice(0, end), styled: undefined }), undefined);
  });
});
