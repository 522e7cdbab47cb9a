/**
 * The id of the JSON block in which the server puts the signed-in user's /api/auth/me answer on a
 * signed-in page (decision 125), read by the web app before its first render.
 */
export const PAGE_SESSION_ID = 'page-session';
