/** The assets' API addresses (one table, as the web app's `paths`). */
export const assetsApi = {
  /** Public: the published homes and plantations with their figures. */
  list: '/api/assets',
  detail: (assetId: string) => `/api/assets/${encodeURIComponent(assetId)}`,
  /** ADMIN: every asset of the company, any status. */
  adminList: (query = '') => `/api/admin/assets${query ? `?${query}` : ''}`,
  adminCreate: '/api/admin/assets',
  adminDetail: (assetId: string) => `/api/admin/assets/${encodeURIComponent(assetId)}`,
  publish: (assetId: string) => `/api/admin/assets/${encodeURIComponent(assetId)}/publish`,
  withdraw: (assetId: string) => `/api/admin/assets/${encodeURIComponent(assetId)}/withdraw`,
  /** ADMIN uploads a photo (base64 JSON); it is served at `image(companyId, id)`, an address an <img> can load (no headers). */
  uploadImage: '/api/admin/assets/images',
  image: (companyId: string, imageId: string) => `/api/asset-images/${encodeURIComponent(companyId)}/${encodeURIComponent(imageId)}`,
} as const;
