import { editorRoot } from '../../editor/common/model';

export function join(a: string, b: string): string {
  return `${a}/${b}`.replace(/\/+/g, '/') + editorRoot;
}
