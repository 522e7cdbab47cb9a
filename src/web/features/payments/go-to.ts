/** Opens the provider's page: the test provider's is ours (client-side), Stripe's a full page load. */
export function goToPayment(url: string, navigate: (to: string) => void) {
  if (url.startsWith('/') && !url.startsWith('//')) navigate(url);
  else window.location.assign(url);
}

/** The query-string value `name` of the current URL. */
export const searchParam = (search: string, name: string) => new URLSearchParams(search).get(name) ?? '';
