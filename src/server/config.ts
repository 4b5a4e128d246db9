/** The server's settings, from `initializationOptions`, with standalone defaults. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultWordDir } from '../shared/agent-word';
import { AkkError } from '../shared/errors';
import { InitializationOptions } from '../shared/initialization-options';

export interface ServerConfig {
  storageDir: string;
  ownerId: string;
  echoesRevision: boolean;
  inputAllowed: boolean;
  offerLifetimeSeconds: number;
  tmuxPath: string;
  /** Setting akk.textResolution.allowLowRisk: a language model may read words as answers to low-risk steps. */
  allowLowRiskText: boolean;
  /** Where supervisors connect, if anywhere. */
  supervisorSocket: string | undefined;
  /** The word folder where agents' hooks find this server. */
  agentWordDir: string;
  /** The editor's global storage, where qualifications made on this machine are kept. */
  globalStorageDir: string | undefined;
  /**
   * `agent@version` whose shipped qualification is set aside (`AKK_WITHHOLD_QUALIFIED`, comma
   * separated): how a release is tried as on the day it lands. It only ever makes a version manual.
   */
  withheldQualifications: ReadonlySet<string>;
}

const DEFAULT_OFFER_LIFETIME_SECONDS = 120;

export function configFrom(raw: unknown): ServerConfig {
  const parsed = InitializationOptions.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AkkError(
      'invalid_params',
      `invalid initializationOptions: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
    );
  }
  const o = parsed.data;
  return {
    storageDir: o.storageDir ?? mkdtempSync(join(tmpdir(), 'akk-server-')),
    ownerId: o.ownerId ?? `owner-${randomBytes(12).toString('hex')}`,
    echoesRevision: o.echoesRevision ?? false,
    inputAllowed: o.inputAllowed ?? true,
    offerLifetimeSeconds: o.offerLifetimeSeconds ?? DEFAULT_OFFER_LIFETIME_SECONDS,
    tmuxPath: o.tmuxPath ?? 'tmux',
    allowLowRiskText: o.allowLowRiskText ?? false,
    supervisorSocket: o.supervisorSocket,
    agentWordDir: o.agentWordDir ?? defaultWordDir(process.env.XDG_RUNTIME_DIR, tmpdir(), process.getuid?.() ?? 0),
    globalStorageDir: o.globalStorageDir,
    withheldQualifications: new Set(
      (process.env.AKK_WITHHOLD_QUALIFIED ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter((x) => /^[a-z]+@\d+\.\d+\.\d+$/.test(x)),
    ),
  };
}
