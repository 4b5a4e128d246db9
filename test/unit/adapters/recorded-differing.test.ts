/**
 * A release AKK's own qualification recorded as drawing screens differently is never answered: a
 * qualification made on a machine for it (a local grant) is superseded by that record, and the
 * version table carries the record so that a built extension knows it.
 */
import { strict as assert } from 'node:assert';
import { defineAdapter, type LocalGrant } from '../../../src/adapters/agent-adapter';
import type { PermissionRecognition, Recognition } from '../../../src/adapters/types';
import { readRecords } from '../../../src/qualify/runner/records';
import { versionTableSource } from '../../../scripts/qualify/table';

const SCREEN = { plain: ['x'], cols: 80, rows: 24 };
const PROMPT: PermissionRecognition = {
  kind: 'permission',
  profileId: 'p',
  fingerprintSource: 'f',
  tool: 'bash',
  title: 'Bash command',
  subject: 'ls',
  decisions: ['approve_once'],
  plan: { approve_once: [{ action: { keys: ['1'] }, expect: { kind: 'prompt_changed' } }] },
};
const GRANT: LocalGrant = { generation: '1.0.0', shapes: [], renderings: [] };

const adapter = defineAdapter('claude', {
  generations: { '1.0.0': {} },
  versions: { '1.0.0': '1.0.0' },
  renderings: {},
  shapes: {},
  differing: ['1.1.0'],
  gatedShapes: [],
  timing: { quietBeforeKey: 300, quietBeforeOffer: 300, enterAfterPaste: 300 },
  recognize: (): Recognition => PROMPT,
  readEditor: () => undefined,
  proveEmptyComposer: () => ({ sendable: false, reason: 'none' }),
});

describe('a release recorded as differing', () => {
  it('is not answered with a local grant, which a release recorded nowhere is', () => {
    assert.equal(adapter.recordedDiffering('1.1.0'), true);
    assert.equal(adapter.qualifiedGeneration('1.1.0', { local: GRANT }), undefined);
    assert.equal(adapter.forVersion('1.1.0', { local: GRANT }), undefined);
    assert.equal(adapter.recordedDiffering('1.2.0'), false);
    assert.equal(adapter.forVersion('1.2.0', { local: GRANT })?.recognize(SCREEN).kind, 'permission');
  });

  it('takes a local grant again only when its shipped record is withheld, as on the day it landed', () => {
    const withheld = { withholdShipped: true, local: GRANT };
    assert.equal(adapter.recordedDiffering('1.1.0', withheld), false);
    assert.equal(adapter.forVersion('1.1.0', withheld)?.recognize(SCREEN).kind, 'permission');
  });

  it('is listed in the generated version table, and only a differing record is', () => {
    const records = readRecords('claude');
    const last = records[records.length - 1];
    assert.ok(last);
    const differing = { ...last, version: '9.9.9', result: 'differs' as const };
    const unreachable = { ...last, version: '9.9.10', result: 'unreachable' as const, generation: null };
    const source = versionTableSource('claude', [...records, differing, unreachable]);
    assert.match(source, /export const DIFFERING_VERSIONS: readonly string\[\] = \['9\.9\.9'\];/);
    assert.doesNotMatch(source, /'9\.9\.9': /, 'a differing release is not in QUALIFIED_VERSIONS');
    assert.match(versionTableSource('claude', records), /DIFFERING_VERSIONS: readonly string\[\] = \[\];/);
  });
});
