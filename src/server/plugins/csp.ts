import type { Config } from '#server/config.ts';

/** The CSP the app itself must pass: everything same-origin, plus the configured outside services. */
export function contentSecurityPolicy(config: Config) {
  const origin = new URL(config.appOrigin);
  const wsOrigin = `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`;
  const connect = ["'self'", wsOrigin];
  const scripts = ["'self'"];
  if (config.GEOLOCATION_URL) connect.push(new URL(config.GEOLOCATION_URL).origin);
  if (config.GA_MEASUREMENT_ID) {
    scripts.push('https://www.googletagmanager.com');
    connect.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: scripts,
    // Radix positions popovers with inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    frameSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
  };
}
