/**
 * How a reply in words became a structured answer, named once (no other module spells them): by an
 * exact alias of one option, or by the language model's reading under the low-risk policy. The
 * contract, the server's check, the editor, the webview and the MCP program import them from here.
 */
export const TEXT_SOURCE = { exactAlias: 'exact_alias', model: 'model' } as const;
export type TextSource = (typeof TEXT_SOURCE)[keyof typeof TEXT_SOURCE];
export const TEXT_SOURCES = [TEXT_SOURCE.exactAlias, TEXT_SOURCE.model] as const;
