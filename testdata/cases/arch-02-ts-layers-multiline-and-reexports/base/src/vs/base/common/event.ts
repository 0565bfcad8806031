export type Listener<T> = (e: T) => void;
