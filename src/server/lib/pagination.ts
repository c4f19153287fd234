import { pageCount } from '../../shared/schemas/common';

export interface Page<T> {
  docs: T[];
  total: number;
  page: number;
  pages: number;
}

/** Offset of a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** Builds the `data` block of list responses (docs, total, page, pages). */
export function toPage<T>(docs: T[], total: number, page: number, pageSize: number): Page<T> {
  return { docs, total, page, pages: pageCount(total, pageSize) };
}
