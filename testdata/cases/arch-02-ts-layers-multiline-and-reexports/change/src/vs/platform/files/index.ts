export * from './watcher';
export * from '../../editor/common/model';
