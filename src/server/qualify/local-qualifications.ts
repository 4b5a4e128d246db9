/**
 * Qualifications made on the person's machine: one JSON record per qualified binary, in the
 * extension's global storage (`<globalStorage>/local-qualifications/`). A record names the agent,
 * the version, the exact binary (its path and SHA-256) and what it was qualified with (the profile
 * generation every check passed under, the gated shapes and rendering conditions it captured).
 * A record is only ever a grant for that binary: a different binary at the same version string is
 * another thing, and a version the extension's own tables qualify is answered by those.
 * Records are read back from disk, so each is checked; one that is not a record is set aside with
 * why, and never stops the others.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { AGENTS, type AgentName } from '../../shared/agents';
import type { LocalGrant } from '../../adapters/agent-adapter';

export const LOCAL_RECORD_FORMAT = 'akk-local-qualification/1';

export const LocalRecord = z
  .object({
    format: z.literal(LOCAL_RECORD_FORMAT),
    agent: z.enum(AGENTS),
    version: z.string().regex(/^\d+\.\d+\.\d+$/),
    executable: z.object({ path: z.string().min(1).max(4096), sha256: z.string().regex(/^[0-9a-f]{64}$/) }).strict(),
    generation: z.string().regex(/^\d+\.\d+\.\d+$/),
    shapes: z.array(z.string().regex(/^[a-z0-9-]{1,80}$/)).max(200),
    renderings: z.array(z.string().regex(/^[a-z-]{1,60}\/(256|truecolor)$/)).max(60),
    qualifiedAt: z.string().datetime(),
    /** Wall-clock seconds the run took. */
    seconds: z.number().nonnegative(),
    /** How many captured screens were checked, every one passing. */
    screens: z.number().int().positive(),
  })
  .strict();
export type LocalRecord = z.infer<typeof LocalRecord>;

/** A record read back, with the file it came from. */
interface StoredLocalRecord {
  file: string;
  record: LocalRecord;
}

export const grantOf = (r: LocalRecord): LocalGrant => ({
  generation: r.generation,
  shapes: r.shapes,
  renderings: r.renderings,
});

/** The largest record file read: a record is a few hundred bytes; anything far larger is not one. */
const MAX_RECORD_BYTES = 64 * 1024;

export class LocalQualifications {
  readonly dir: string;

  constructor(globalStorageDir: string) {
    this.dir = path.join(globalStorageDir, 'local-qualifications');
  }

  /** Every record on disk, and each file set aside with why. */
  read(): { records: StoredLocalRecord[]; problems: string[] } {
    const records: StoredLocalRecord[] = [];
    const problems: string[] = [];
    let names: string[];
    try {
      names = fs.readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { records, problems };
      return { records, problems: [`${this.dir}: ${(e as Error).message}`] };
    }
    for (const name of names.sort()) {
      const file = path.join(this.dir, name);
      try {
        const size = fs.statSync(file).size;
        if (size > MAX_RECORD_BYTES) throw new Error(`${size} bytes is not a record`);
        const parsed = LocalRecord.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new Error(`not a local qualification record (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`);
        }
        records.push({ file, record: parsed.data });
      } catch (e) {
        problems.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return { records, problems };
  }

  /** The records for one agent's version, any binary. */
  forVersion(agent: AgentName, version: string): LocalRecord[] {
    return this.read()
      .records.map((r) => r.record)
      .filter((r) => r.agent === agent && r.version === version);
  }

  /** Writes a record whole and renames it into place; returns its file. */
  add(record: LocalRecord): string {
    const checked = LocalRecord.parse(record);
    fs.mkdirSync(this.dir, { recursive: true });
    const file = path.join(
      this.dir,
      `${checked.agent}-${checked.version}-${checked.executable.sha256.slice(0, 16)}.json`,
    );
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(checked, null, 2)}\n`);
    fs.renameSync(temp, file);
    return file;
  }

  /** Removes the records of an agent, a version or one binary, or every record; returns the files removed. */
  forget(filter: { agent?: AgentName; version?: string; sha256?: string } = {}): string[] {
    const gone: string[] = [];
    const { records, problems } = this.read();
    // Forgetting everything also removes the files that were not records.
    if (filter.agent === undefined && filter.version === undefined && filter.sha256 === undefined)
      for (const p of problems) {
        const name = p.slice(0, p.indexOf(': '));
        if (name.endsWith('.json') && !name.includes('/')) {
          fs.rmSync(path.join(this.dir, name), { force: true });
          gone.push(name);
        }
      }
    for (const { file, record } of records) {
      if (filter.agent !== undefined && record.agent !== filter.agent) continue;
      if (filter.version !== undefined && record.version !== filter.version) continue;
      if (filter.sha256 !== undefined && record.executable.sha256 !== filter.sha256) continue;
      fs.rmSync(file, { force: true });
      gone.push(path.basename(file));
    }
    return gone;
  }
}
