import { watch, type WatchOptions } from '../../platform/files';
import { join } from '../../base/common/paths';

const options: WatchOptions = { recursive: true };
export const explorer = () => watch(join('/', '.'), () => void options);
