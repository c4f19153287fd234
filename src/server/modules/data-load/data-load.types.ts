import type { AppDeps } from '../../types';

export type DataLoadDeps = Pick<AppDeps, 'database' | 'jobs' | 'now' | 'config' | 'objects'>;
