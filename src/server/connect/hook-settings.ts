/**
 * AKK's hook entries in an agent's settings file (its user settings, or a project's local
 * settings: src/shared/agents.ts), added and taken out as text edits that touch nothing else: other
 * settings, other hooks, comments, spacing and line endings stay byte for byte. Connect inserts one
 * entry (and the `hooks` and `PermissionRequest` members it needs, when absent); Disconnect removes
 * exactly what Connect inserted, so a file connected and disconnected is the file it was. A file
 * that is not JSON (comments allowed) is never written: a typed error says where it is wrong.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { AkkError } from '../../shared/errors';

/** Seconds the agent lets the hook run: a request AKK holds waits for the person's answer. */
const HOOK_TIMEOUT_S = 3600;

/** What names AKK's entry for one event: its hook program's command ends so (whatever runtime runs it). */
export interface HookTarget {
  event: string;
  agent: string;
}
const ownCommand = ({ agent, event }: HookTarget): RegExp =>
  new RegExp(`agent-hook\\.js'? (?:--dir (?:'[^']*'|\\S+) )?${agent} ${event}$`);

/** The entry registered for `command` (`matcher` `*`: every tool's dialog). */
export function hookEntry(command: string): Record<string, unknown> {
  return { matcher: '*', hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_S }] };
}

const inline = (value: unknown): string => JSON.stringify(value).replace(/":/g, '": ').replace(/,"/g, ', "');

function treeOf(text: string, file: string): Node | undefined {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined || (text.trim() !== '' && tree?.type !== 'object')) {
    const where = first ? `${printParseErrorCode(first.error)} at offset ${first.offset}` : 'not a JSON object';
    throw new AkkError('settings_unreadable', `${file} is not a settings file AKK can edit (${where}); left as it is`, {
      file,
    });
  }
  return tree;
}

const member = (object: Node | undefined, key: string): Node | undefined =>
  object?.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];

const isOwn = (target: HookTarget) => (entry: Node) => {
  const hooks = member(entry, 'hooks');
  return (
    hooks?.type === 'array' &&
    hooks.children?.length === 1 &&
    ownCommand(target).test(String(member(hooks.children[0], 'command')?.value ?? ''))
  );
};

/** The text that starts the line `offset` is on, up to its first non-blank: its indentation. */
function indentAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** `value` inserted as the last child of `container` (an object's member or an array's element). */
function appended(text: string, container: Node, value: string): string {
  const last = container.children?.at(-1);
  if (last === undefined) {
    const at = container.offset + 1;
    return text.slice(0, at) + value + text.slice(at);
  }
  const end = last.offset + last.length;
  const sameLine = !text.slice(container.offset, last.offset).includes('\n');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const gap = sameLine ? ' ' : eol + indentAt(text, last.offset);
  // A trailing comma stays trailing: the value goes after it, with one of its own.
  const trailing = /^\s*,/.exec(text.slice(end));
  if (trailing) {
    const at = end + trailing[0].length;
    return `${text.slice(0, at)}${gap}${value},${text.slice(at)}`;
  }
  return `${text.slice(0, end)},${gap}${value}${text.slice(end)}`;
}

/** The settings text with AKK's entry running `command` for the target's event; unchanged when it is there. */
export function connectedText(text: string, target: HookTarget, command: string, file: string): string {
  if (text.trim() === '') return `${inline({ hooks: { [target.event]: [hookEntry(command)] } })}\n`;
  const root = treeOf(text, file) as Node;
  const hooks = member(root, 'hooks');
  const entries = member(hooks, target.event);
  const own = entries?.children?.find(isOwn(target));
  if (own) {
    const current = member(member(own, 'hooks')?.children?.[0], 'command') as Node;
    if (current.value === command) return text;
    // The hook program moved (a new install): its command is brought up to date, nothing else.
    return text.slice(0, current.offset) + JSON.stringify(command) + text.slice(current.offset + current.length);
  }
  const entry = inline(hookEntry(command));
  if (entries?.type === 'array') return appended(text, entries, entry);
  if (entries !== undefined) throw new AkkError('settings_unreadable', `${file}: hooks.${target.event} is not a list`);
  if (hooks?.type === 'object') return appended(text, hooks, `"${target.event}": [${entry}]`);
  if (hooks !== undefined) throw new AkkError('settings_unreadable', `${file}: hooks is not an object`);
  return appended(text, root, `"hooks": {"${target.event}": [${entry}]}`);
}

/** The range that removes `node` from its container's children, with the separator before or after it. */
function cut(text: string, container: Node, node: Node): [number, number] {
  const siblings = container.children ?? [];
  const i = siblings.indexOf(node);
  const before = siblings[i - 1];
  const after = siblings[i + 1];
  if (before) return [before.offset + before.length, node.offset + node.length];
  if (after) return [node.offset, after.offset];
  return [node.offset, node.offset + node.length];
}

/** The settings text without AKK's entry for the target's event (and the members Connect added for it, once empty). */
export function disconnectedText(text: string, target: HookTarget, file: string): string {
  if (text.trim() === '') return text;
  const root = treeOf(text, file) as Node;
  const hooks = member(root, 'hooks');
  const entries = member(hooks, target.event);
  const own = entries?.type === 'array' ? entries.children?.find(isOwn(target)) : undefined;
  if (!own || !entries || !hooks) return text;
  // The highest member that holds nothing but AKK's entry goes with it.
  const onlyOwn = entries.children?.length === 1;
  const [container, node] =
    onlyOwn && hooks.children?.length === 1
      ? [root, hooks.parent as Node]
      : onlyOwn
        ? [hooks, entries.parent as Node]
        : [entries, own];
  const [from, to] = cut(text, container, node);
  return text.slice(0, from) + text.slice(to);
}

/** Whether the settings text holds AKK's entry for the target (a text that is not JSON holds none). */
export function holdsEntry(text: string, target: HookTarget): boolean {
  if (text.trim() === '') return false;
  try {
    const entries = member(member(treeOf(text, ''), 'hooks'), target.event);
    return entries?.type === 'array' && (entries.children ?? []).some(isOwn(target));
  } catch {
    return false;
  }
}

/** The first of `keys` set to true at the top of the settings text. */
export function trueSetting(text: string, keys: readonly string[]): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    const root = treeOf(text, '');
    return keys.find((key) => member(root, key)?.value === true);
  } catch {
    return undefined;
  }
}
