export const editorRoot = '';
