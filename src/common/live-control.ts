/**
 * Socket protocol messages that are not events: the handshake's answer and the keep-alive reply.
 * Kept apart from live.ts (zod schemas) so the web entry can name them without loading zod.
 */
export const liveControlTypes = ['auth_success', 'pong'] as const;
