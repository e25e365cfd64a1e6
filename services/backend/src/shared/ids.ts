import { v7 as uuidv7 } from 'uuid';

/** Ids are UUID v7: unique without coordination and roughly time-ordered (good index locality). */
export function newId(): string {
  return uuidv7();
}
