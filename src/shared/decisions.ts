/**
 * The decisions a permission offers, named once (no other module spells them): the contract's
 * schema, the adapters' plans, the server, the editor and the webview all import them from here.
 */
export const DECISION = { approveOnce: 'approve_once', reject: 'reject' } as const;
