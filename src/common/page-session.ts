/**
 * The id of the JSON block in which the server puts the signed-in user's /api/auth/me answer on a
 * signed-in page (decision 125), read by the web app before its first render.
 */
export const PAGE_SESSION_ID = 'page-session';

/**
 * The id of the JSON block with the /api/public-config answer, on every page the server sends, so
 * what depends on it (the test-payments banner) is there at the first paint (decision 150).
 */
export const PAGE_CONFIG_ID = 'page-config';

/**
 * The id of the JSON block with the card on a shared card's page, as GET /api/shared/{token} shows
 * it, with its token: the page paints the card at once and still calls the API, which records the
 * view (decision 152).
 */
export const PAGE_SHARED_CARD_ID = 'page-shared-card';
