/** Query keys of the server's public configuration; each starts with its GET path. */
export const publicConfigKeys = {
  all: ['/api/public-config'] as const,
};
