import { ReadPosition } from '../../../contract/readPosition.js';

/** The page's one memory of how far it has seen (http.ts and the live updates share it). */
export const readPosition = new ReadPosition();
