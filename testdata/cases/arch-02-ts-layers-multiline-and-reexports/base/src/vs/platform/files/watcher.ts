import type { Listener } from '../../base/common/event';
import { join } from '../../base/common/paths';

export interface WatchOptions { recursive: boolean }
export function watch(root: string, l: Listener<string>): void { l(join(root, '.')); }
