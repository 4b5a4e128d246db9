// A stub language model for the VS Code tier: registered through VS Code's own provider API, it
// reads the prompt AKK sends (the options as "- <id>: <label> (<description>)" and "Reply: <words>")
// and names the option whose words the reply shares most, or "none".
const vscode = require('vscode');

const words = (s) => new Set(s.toLowerCase().match(/[a-z0-9]+/g) ?? []);

function read(prompt) {
  const reply = /^Reply: (.*)$/m.exec(prompt)?.[1] ?? '';
  const said = words(reply);
  let best = 'none';
  let most = 0;
  for (const m of prompt.matchAll(/^- ([A-Za-z0-9_.:-]+): (.*)$/gm)) {
    const shared = [...words(m[2])].filter((w) => w.length > 3 && said.has(w)).length;
    if (shared > most) {
      most = shared;
      best = m[1];
    } else if (shared === most && shared > 0) best = 'none';
  }
  return best;
}

exports.activate = (context) => {
  const provider = {
    provideLanguageModelChatInformation: () => [
      {
        id: 'akk-stub-reader',
        name: 'AKK Stub Reader',
        family: 'akk-stub',
        version: '1',
        maxInputTokens: 100000,
        maxOutputTokens: 100,
        capabilities: {},
      },
    ],
    provideLanguageModelChatResponse: async (_model, messages, _options, progress) => {
      const text = messages
        .map((m) => m.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join(''))
        .join('\n');
      progress.report(new vscode.LanguageModelTextPart(read(text)));
    },
    provideTokenCount: async (_model, text) => (typeof text === 'string' ? Math.ceil(text.length / 4) : 1),
  };
  context.subscriptions.push(vscode.lm.registerLanguageModelChatProvider('akk-stub', provider));
};
