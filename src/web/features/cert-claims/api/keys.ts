import type { CertClaimStatus } from '#common/cert-claims.ts';

/** Query keys of certificate claims; each starts with its GET path. */
export const certClaimKeys = {
  mine: ['/api/cert-claims'] as const,
  admin: ['/api/admin/cert-claims'] as const,
  adminList: (status: CertClaimStatus) => [...certClaimKeys.admin, { status }] as const,
};

const seg = encodeURIComponent;

export const certClaimApiPaths = {
  create: '/api/cert-claims',
  withdraw: (id: string) => `/api/cert-claims/${seg(id)}/withdraw`,
  decide: (id: string) => `/api/admin/cert-claims/${seg(id)}`,
  /** A photo for an <img> (inline) or a download link. */
  photo: (url: string, inline: boolean) => (inline ? `${url}?inline=1` : url),
};
