// `import ... from 'vscode'` resolves to this file in every layer but src/extension
// (see "paths" in tsconfig.base.json), so the compiler refuses it with this message.
const importOfVscode: 'vscode may be imported only in src/extension' = 'forbidden in this layer';
export { importOfVscode };
