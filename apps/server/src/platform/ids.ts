import { v7 } from 'uuid';

/** Entity ids: UUIDv7 (time-ordered, so keyset paging by id follows creation order). */
export const newId = (): string => v7();
