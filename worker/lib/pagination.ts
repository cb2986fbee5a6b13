// Where a page stands in its list: the answer's `pagination` (contract/common.ts).
import type { Pagination } from '../contract/common';

export const pageOf = (total: number, { page, limit }: { page: number; limit: number }): Pagination => ({
  page,
  totalPages: Math.max(1, Math.ceil(total / limit)),
  total,
  limit,
});
