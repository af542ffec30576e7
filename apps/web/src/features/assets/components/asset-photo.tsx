import { useTranslation } from 'react-i18next';
import type { TAssetPhoto } from '@kc/domain';

/** A photo with its alt text in the page's language; the box keeps its 4:3 shape while it loads. */
export function AssetPhoto({ photo, caption = false }: { photo: TAssetPhoto; caption?: boolean }) {
  const { i18n } = useTranslation();
  const alt = i18n.language === 'en' ? photo.altEn : photo.altEs;
  const img = <img src={photo.url} alt={alt} width={800} height={600} loading="lazy" style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover' }} />;
  if (!caption) return img;
  return (
    <figure style={{ margin: 0 }}>
      {img}
      {photo.caption ? <figcaption style={{ fontSize: 14, marginTop: 4, color: 'var(--mantine-color-gray-7)' }}>{photo.caption}</figcaption> : null}
    </figure>
  );
}
