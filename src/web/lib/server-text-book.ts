/**
 * The booking app's stand-in for server-text.ts (vite.config.ts points its imports here): the invitees'
 * pages never load the host app's templates, so their texts stay as they are, and the size of
 * `localizeText` stays out of their bundle.
 */
export const localizeText = (text: string): string => text;
