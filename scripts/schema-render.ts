/** Renders each public zod schema as a JSON Schema document (draft 2020-12). */
import { z } from 'zod';
import { PUBLIC_SCHEMAS } from '../src/shared/contract';

export function renderSchemas(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, schema] of Object.entries(PUBLIC_SCHEMAS)) {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
    const doc = { $id: `urn:agent-knock-knock:schema:${file.replace(/\.json$/, '')}`, ...json };
    out[file] = `${JSON.stringify(doc, null, 2)}\n`;
  }
  return out;
}
