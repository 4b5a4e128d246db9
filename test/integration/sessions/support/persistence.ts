// Test-only SessionPersistence implementations: in memory, and a JSON file.
import * as fs from 'node:fs';
import type { AttachedRecord, SessionPersistence } from '../../../../src/server/sessions';

export class MemoryPersistence implements SessionPersistence {
  readonly records = new Map<string, AttachedRecord>();
  saveAttached(record: AttachedRecord): Promise<void> {
    this.records.set(record.session_id, structuredClone(record));
    return Promise.resolve();
  }
  removeAttached(sessionId: string): Promise<void> {
    this.records.delete(sessionId);
    return Promise.resolve();
  }
  loadAttached(): Promise<AttachedRecord[]> {
    return Promise.resolve([...this.records.values()].map((r) => structuredClone(r)));
  }
}

export class JsonFilePersistence implements SessionPersistence {
  constructor(readonly file: string) {}
  private read(): Record<string, AttachedRecord> {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, AttachedRecord>;
    } catch {
      return {};
    }
  }
  private write(all: Record<string, AttachedRecord>): void {
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(all, null, 2));
    fs.renameSync(tmp, this.file);
  }
  saveAttached(record: AttachedRecord): Promise<void> {
    const all = this.read();
    all[record.session_id] = record;
    this.write(all);
    return Promise.resolve();
  }
  removeAttached(sessionId: string): Promise<void> {
    const all = this.read();
    delete all[sessionId];
    this.write(all);
    return Promise.resolve();
  }
  loadAttached(): Promise<AttachedRecord[]> {
    return Promise.resolve(Object.values(this.read()));
  }
}
