/**
 * The shape gate: a recognition that names a gated corpus shape is answered only on the versions
 * whose qualification captured that shape; qualification itself reads it under any generation.
 */
import { strict as assert } from 'node:assert';
import { defineAdapter } from '../../../src/adapters/agent-adapter';
import type { PermissionRecognition, Recognition } from '../../../src/adapters/types';

const SCREEN = { plain: ['x'], cols: 80, rows: 24 };

function prompt(shape: string | undefined): PermissionRecognition {
  return {
    kind: 'permission',
    profileId: 'p',
    fingerprintSource: 'f',
    ...(shape ? { shape } : {}),
    tool: 'edit',
    title: 'Edit file',
    subject: 'a.txt',
    decisions: ['approve_once'],
    plan: { approve_once: [{ action: { keys: ['1'] }, expect: { kind: 'prompt_changed' } }] },
  };
}

function adapterSeeing(shape: string | undefined, seen: (shape: string | undefined) => Recognition = prompt) {
  return defineAdapter('claude', {
    generations: { '1.0.0': {} },
    versions: { '1.0.0': '1.0.0', '1.1.0': '1.0.0', '1.2.0': '1.0.0' },
    renderings: {},
    differing: [],
    shapes: { 'permission-edit': ['1.1.0'] },
    gatedShapes: ['permission-edit', 'plan-approval'],
    timing: { quietBeforeKey: 300, quietBeforeOffer: 300, enterAfterPaste: 300 },
    recognize: (): Recognition => seen(shape),
    readEditor: () => undefined,
    proveEmptyComposer: () => ({ sendable: false, reason: 'none' }),
  });
}

describe('the shape gate', () => {
  it('answers a gated shape only on the versions qualified with it', () => {
    const a = adapterSeeing('permission-edit');
    assert.equal(a.forVersion('1.1.0')?.recognize(SCREEN).kind, 'permission');
    for (const v of ['1.0.0', '1.2.0']) {
      const r = a.forVersion(v)?.recognize(SCREEN);
      assert.equal(r?.kind, 'manual_required', v);
      assert.match(
        r?.kind === 'manual_required' ? r.reason : '',
        new RegExp(`version ${v.replace(/\./g, '\\.')}; it is for 1\\.1\\.0`),
      );
    }
  });

  it('refuses a gated shape that no version was qualified with, naming none', () => {
    const r = adapterSeeing('plan-approval').forVersion('1.1.0')?.recognize(SCREEN);
    assert.equal(r?.kind, 'manual_required');
    assert.doesNotMatch(r?.kind === 'manual_required' ? r.reason : '', /it is for/);
  });

  it('leaves a recognition without a shape as it is, and refuses a shape the adapter does not list', () => {
    assert.equal(adapterSeeing(undefined).forVersion('1.0.0')?.recognize(SCREEN).kind, 'permission');
    // A misspelt or unlisted shape would otherwise pass the gate on every version.
    for (const v of ['1.0.0', '1.1.0', '1.2.0']) {
      const r = adapterSeeing('permission-edlt').forVersion(v)?.recognize(SCREEN);
      assert.equal(r?.kind, 'manual_required', v);
      assert.match(r?.kind === 'manual_required' ? r.reason : '', /not one AKK lists/);
    }
  });

  it("gates a scrolled list's window like the step it assembles into: no window, so no key reads its rows", () => {
    const window = (shape: string | undefined): Recognition => ({
      kind: 'manual_required',
      reason: 'rows out of sight',
      window: {
        profileId: 'p',
        step: { index: 1, total: 1 },
        question: { prompt: 'Which?' },
        identity: 'list',
        total: null,
        freeTextLabel: 'Other',
        cursor: 1,
        editing: false,
        rows: [{ number: 1, label: 'A' }],
        source: 's',
        move: { down: { keys: ['Down'] }, up: { keys: ['Up'] } },
        ...(shape ? { shape } : {}),
      },
    });
    const a = adapterSeeing('permission-edit', window);
    const on = (v: string) => a.forVersion(v)?.recognize(SCREEN);
    const qualified = on('1.1.0');
    assert.ok(qualified?.kind === 'manual_required' && qualified.window !== undefined, 'qualified: a window');
    const r = on('1.2.0');
    assert.ok(r?.kind === 'manual_required' && r.window === undefined, JSON.stringify(r));
    assert.match(r.reason, /has not been qualified for version 1\.2\.0/);
  });

  it('reads a gated shape under any generation for qualification, which judges the candidate itself', () => {
    assert.equal(
      adapterSeeing('permission-edit').forQualification('1.0.0', '1.2.0')?.recognize(SCREEN).kind,
      'permission',
    );
  });
});
