import { addApiMessages } from '../../lib/messages.ts';

/** What the assets' endpoints may answer, in both languages. */
addApiMessages({
  es: {
    assetNotFound: { title: 'Activo no encontrado', detail: 'El inmueble o la plantación no existe o no está publicado.' },
    assetImageNotFound: { title: 'Imagen no encontrada', detail: 'La imagen no existe.' },
    assetAlreadyPublished: {
      title: 'Activo ya publicado',
      detail: 'Este activo ya está publicado. Solo se publica un borrador o un activo retirado.',
    },
    assetNotPublished: {
      title: 'Activo no publicado',
      detail: 'Solo se retira un activo publicado: este es un borrador o ya está retirado.',
    },
    assetKindChange: {
      title: 'Tipo de activo fijo',
      detail: 'Una vivienda no se puede convertir en plantación ni al revés. Cree un activo nuevo.',
    },
    assetPublishIncomplete: {
      title: 'Faltan fotografías',
      detail: 'Para publicar un activo, añada al menos una fotografía con su texto alternativo en español e inglés.',
    },
  },
  en: {
    assetNotFound: { title: 'Asset not found', detail: 'The home or plantation does not exist or is not published.' },
    assetImageNotFound: { title: 'Image not found', detail: 'The image does not exist.' },
    assetAlreadyPublished: {
      title: 'Asset already published',
      detail: 'This asset is already published. Only a draft or a withdrawn asset can be published.',
    },
    assetNotPublished: {
      title: 'Asset not published',
      detail: 'Only a published asset can be withdrawn: this one is a draft or already withdrawn.',
    },
    assetKindChange: {
      title: 'The kind of an asset is fixed',
      detail: 'A home cannot become a plantation, nor the other way round. Create a new asset.',
    },
    assetPublishIncomplete: {
      title: 'Photos missing',
      detail: 'To publish an asset, add at least one photo with its alternative text in Spanish and English.',
    },
  },
});
