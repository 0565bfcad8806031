import { editorRoot } from '../../editor/common/model';
import {
  type WatchOptions,
} from '../../platform/files/watcher';

// Comments and strings never count: import { x } from '../../workbench/browser/explorer';
const example = "import '../../workbench/browser/explorer'";

export function join(a: string, b: string, _o?: WatchOptions): string {
  return `${a}/${b}`.replace(/\/+/g, '/') + editorRoot + example.length;
}
