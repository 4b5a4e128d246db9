// A stub language model for the VS Code tier: registered through VS Code's own provider API, it
// reads the prompt AKK sends (the options as "- <id>: <label> (<description>)" and "Reply: <words>")
// and names the option whose words the reply shares most, or "none". And, as a chat agent would, it
// calls AKK's language-model tools outside any chat (commands of its own): it lists the waiting
// steps and approves the first permission once, or answers the first question with the option a
// prompt names; what the tools returned is shown as a message.
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

const textOf = (r) => r.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');

/** akk_list_pending, then akk_decide_permission on the first waiting permission; VS Code asks the person first. */
async function approveThroughTools() {
  const listed = JSON.parse(
    textOf(await vscode.lm.invokeTool('akk_list_pending', { input: {}, toolInvocationToken: undefined })),
  );
  const waiting = (listed.steps ?? []).find((s) => s.permission);
  if (!waiting) return vscode.window.showInformationMessage('Tools: no permission waits');
  const input = { interaction_id: waiting.permission.interaction_id, decision: 'approve_once' };
  try {
    const r = await vscode.lm.invokeTool('akk_decide_permission', { input, toolInvocationToken: undefined });
    return vscode.window.showInformationMessage(`Tools: ${textOf(r)}`);
  } catch (e) {
    return vscode.window.showInformationMessage(`Tools: not run: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** akk_list_pending, then akk_answer_question on the first waiting question with the option the person names. */
async function answerThroughTools() {
  const listed = JSON.parse(
    textOf(await vscode.lm.invokeTool('akk_list_pending', { input: {}, toolInvocationToken: undefined })),
  );
  const waiting = (listed.steps ?? []).find((s) => s.interaction);
  if (!waiting) return vscode.window.showInformationMessage('Tools: no question waits');
  // Kept open when the question panel takes the focus as the question comes up.
  const label = await vscode.window.showInputBox({ prompt: 'The option to answer with', ignoreFocusOut: true });
  const option = waiting.interaction.questions[0].options.find((o) => o.label === label);
  if (!option) return vscode.window.showInformationMessage(`Tools: no option ${label}`);
  const input = { interaction_id: waiting.interaction.interaction_id, option_ids: [option.option_id] };
  try {
    const r = await vscode.lm.invokeTool('akk_answer_question', { input, toolInvocationToken: undefined });
    return vscode.window.showInformationMessage(`Tools: ${textOf(r)}`);
  } catch (e) {
    return vscode.window.showInformationMessage(`Tools: not run: ${e instanceof Error ? e.message : String(e)}`);
  }
}

exports.activate = (context) => {
  context.subscriptions.push(vscode.commands.registerCommand('akkStub.approveThroughTools', approveThroughTools));
  context.subscriptions.push(vscode.commands.registerCommand('akkStub.answerThroughTools', answerThroughTools));
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
