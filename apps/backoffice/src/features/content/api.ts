import { endpointUrl } from '@lotus/contracts/call';
import { addToCollection, listCollection, removeFromCollection, type TOpsCollectionInput, type TOpsCollectionRow } from '@lotus/contracts/ops';
import { getContentImage, getUploadedImage, orderContent, updateContent, uploadContentImage, type TContentCollection } from '@lotus/contracts/ops-content';
import { useQuery } from '@tanstack/react-query';
import { opsApi } from '@/lib/api';

/** The console's content calls: list/add/remove on /ops/<collection>, edit/order/upload on /ops/content/* (docs/adr/0054). */
export type TContentRow<C extends TContentCollection> = TOpsCollectionRow<C>;
export type TContentInput<C extends TContentCollection> = TOpsCollectionInput<C>;

export const contentKey = (collection: TContentCollection) => ['content', collection] as const;

/** Each collection's list and save, typed by collection (the generic calls below pick theirs). */
const calls: {
  [C in TContentCollection]: {
    list: () => Promise<TContentRow<C>[]>;
    save: (input: TContentInput<C>, id?: number) => Promise<TContentRow<C>>;
  };
} = {
  banners: {
    list: () => opsApi.call(listCollection.banners),
    save: (body, id) =>
      id === undefined ? opsApi.call(addToCollection.banners, { body }) : opsApi.call(updateContent.banners, { params: { id }, body }),
  },
  notices: {
    list: () => opsApi.call(listCollection.notices),
    save: (body, id) =>
      id === undefined ? opsApi.call(addToCollection.notices, { body }) : opsApi.call(updateContent.notices, { params: { id }, body }),
  },
  help: {
    list: () => opsApi.call(listCollection.help),
    save: (body, id) =>
      id === undefined ? opsApi.call(addToCollection.help, { body }) : opsApi.call(updateContent.help, { params: { id }, body }),
  },
};

export const useContentList = <C extends TContentCollection>(collection: C) =>
  useQuery({ queryKey: contentKey(collection), queryFn: () => calls[collection].list() });

/** POST /ops/<collection> (new) or PUT /ops/content/<collection>/:id (edit). */
export const saveContent = <C extends TContentCollection>(collection: C, input: TContentInput<C>, id?: number) =>
  calls[collection].save(input, id);

/** DELETE /ops/<collection>/:id */
export const removeContent = (collection: TContentCollection, id: number) => opsApi.call(removeFromCollection[collection], { params: { id } });

/** POST /ops/content/<collection>/order: the ids in display order. */
export const saveOrder = (collection: TContentCollection, ids: number[]) => opsApi.call(orderContent[collection], { body: { ids } });

/** POST /ops/content/images: the file's bytes as a data: URL (the server checks the content). */
export const uploadImage = (dataUrl: string) => opsApi.call(uploadContentImage, { body: { image: dataUrl } });

/** Reads a file as a data: URL. */
export const readFileAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('upload_type_invalid'));
    reader.readAsDataURL(file);
  });

/** What an uploaded banner's imageUrl starts with: the member site's address of the uploads. */
const UPLOADS = endpointUrl(getUploadedImage, { params: { file: '' } });

/**
 * Where the console shows an image: uploads through the operator API (the console may run on its
 * own listener, without the member site's /media), other URLs as they are.
 */
export const consoleImageUrl = (url: string) =>
  url.startsWith(UPLOADS) ? endpointUrl(getContentImage, { params: { file: url.slice(UPLOADS.length) } }) : url;

/** datetime-local (Bangkok time, the site's) <-> ISO. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + 7 * 3600_000);
  return d.toISOString().slice(0, 16);
};
export const fromLocalInput = (value: string) => (value ? new Date(`${value}:00+07:00`).toISOString() : null);
