/** The address of a KYC document's file (a link or an embedded preview, not a query). */
export const kycFileUrl = (id: string, inline = false) => `/api/kyc/documents/${encodeURIComponent(id)}/file${inline ? '?inline=1' : ''}`;
