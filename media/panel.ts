/**
 * The questionnaire panel's script (runs inside the webview). It renders what the extension
 * host sends as text only and sends back semantic ids.
 */
interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscodeApi = acquireVsCodeApi();

function showMessage(text: string): void {
  const root = document.getElementById('root');
  if (!root) return;
  root.textContent = '';
  const p = document.createElement('p');
  p.textContent = text;
  root.appendChild(p);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data as { type?: unknown; text?: unknown } | null;
  if (data && data.type === 'message' && typeof data.text === 'string') showMessage(data.text);
});

showMessage('No pending question.');
vscodeApi.postMessage({ type: 'ready' });
