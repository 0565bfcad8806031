import { watch } from '../../platform/files';

export const explorer = () => watch('/', () => {});
